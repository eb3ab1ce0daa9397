import type { ReactNode } from 'react';
import Translate from '@docusaurus/Translate';
import { ThemeClassNames } from '@docusaurus/theme-common';
import type { Props } from '@theme/LastUpdated';
import { formatDate } from './format';

/**
 * The classic theme's "Last updated on <date> by <user>" line, with the date formatted by
 * ./format (the site is English only) instead of a new Intl.DateTimeFormat on every doc page.
 */
export default function LastUpdated({ lastUpdatedAt, lastUpdatedBy }: Props): ReactNode {
  const atDate = lastUpdatedAt ? new Date(lastUpdatedAt) : undefined;
  return (
    <span className={ThemeClassNames.common.lastUpdated}>
      <Translate
        id="theme.lastUpdated.lastUpdatedAtBy"
        description="The sentence used to display when a page has been last updated, and by who"
        values={{
          atDate: atDate ? (
            <Translate
              id="theme.lastUpdated.atDate"
              description="The words used to describe on which date a page has been last updated"
              values={{
                date: (
                  <b>
                    <time dateTime={atDate.toISOString()} itemProp="dateModified">
                      {formatDate(atDate)}
                    </time>
                  </b>
                ),
              }}
            >
              {' on {date}'}
            </Translate>
          ) : (
            ''
          ),
          byUser: lastUpdatedBy ? (
            <Translate
              id="theme.lastUpdated.byUser"
              description="The words used to describe by who the page has been last updated"
              values={{ user: <b>{lastUpdatedBy}</b> }}
            >
              {' by {user}'}
            </Translate>
          ) : (
            ''
          ),
        }}
      >
        {'Last updated{atDate}{byUser}'}
      </Translate>
    </span>
  );
}
