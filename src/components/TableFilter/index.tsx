import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import styles from './styles.module.css';

type Props = { column: string; label: string; children: ReactNode };

function cellTexts(
  table: HTMLTableElement,
  column: string,
): { rows: HTMLTableRowElement[]; texts: string[] } {
  const headers = [...table.querySelectorAll('thead th')].map((cell) => cell.textContent?.trim());
  const index = headers.indexOf(column);
  const rows = [...table.querySelectorAll<HTMLTableRowElement>('tbody tr')];
  return { rows, texts: rows.map((row) => row.cells[index]?.textContent?.trim() ?? '') };
}

/**
 * Adds a filter by one column to the Markdown table it wraps. Without JavaScript the whole table shows;
 * with it, a select hides the rows of other values.
 */
export default function TableFilter({ column, label, children }: Props): ReactNode {
  const container = useRef<HTMLDivElement>(null);
  const [values, setValues] = useState<string[]>([]);
  const [selected, setSelected] = useState('');
  const [shown, setShown] = useState({ visible: 0, total: 0 });
  const id = useId();

  useEffect(() => {
    const table = container.current?.querySelector('table');
    if (!table) return;
    const { texts } = cellTexts(table, column);
    setValues([...new Set(texts.filter(Boolean))]);
  }, [column]);

  useEffect(() => {
    const table = container.current?.querySelector('table');
    if (!table) return;
    const { rows, texts } = cellTexts(table, column);
    rows.forEach((row, i) => (row.hidden = Boolean(selected) && texts[i] !== selected));
    setShown({ visible: rows.filter((row) => !row.hidden).length, total: rows.length });
  }, [column, selected]);

  return (
    <div ref={container}>
      {values.length > 0 && (
        <div className={styles.toolbar}>
          <label htmlFor={id}>{label}</label>
          <select id={id} value={selected} onChange={(event) => setSelected(event.target.value)}>
            <option value="">All</option>
            {values.map((value) => (
              <option key={value} value={value}>
                {value}
              </option>
            ))}
          </select>
          <span role="status" className={styles.status}>
            Showing {shown.visible} of {shown.total}
          </span>
        </div>
      )}
      {children}
    </div>
  );
}
