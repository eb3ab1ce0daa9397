import { describe, expect, it } from 'vitest';
import { formatDate } from '../format';

describe('formatDate', () => {
  it('matches the English UTC short date of Intl.DateTimeFormat for every day of two years', () => {
    const intl = new Intl.DateTimeFormat('en', {
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      timeZone: 'UTC',
    });
    const start = Date.UTC(2024, 0, 1, 23, 59);
    for (let day = 0; day < 731; day += 1) {
      const date = new Date(start + day * 86_400_000);
      expect(formatDate(date)).toBe(intl.format(date));
    }
  });
});
