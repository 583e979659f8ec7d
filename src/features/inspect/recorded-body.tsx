// A recorded request or response body: JSON or YAML text (never HTML), a Table response also as a table.
import { useState } from 'react';
import { SegmentedTabs } from '../../components/ui/segmented-tabs';
import { BODY_LIMIT_BYTES, type RecordedBody as Body } from '../../k8s/request-recorder';
import type { Table } from '../../k8s/table';
import { cellText, decodeBody, formatValue, tableOf, type BodyFormat } from './body-format';

const preClass = 'max-h-96 overflow-auto whitespace-pre-wrap break-all rounded border border-slate-200 bg-slate-50 p-2 font-mono text-[12px] text-slate-800';

function TableView({ table, testId }: { table: Table; testId: string }) {
  return (
    <div className="max-h-96 overflow-auto rounded border border-slate-200">
      <table data-testid={testId} className="min-w-full font-mono text-[12px]">
        <thead className="sticky top-0 bg-slate-100 text-left">
          <tr>
            {table.columnDefinitions.map((column) => (
              <th key={column.name} scope="col" title={column.description} className="px-2 py-0.5 font-semibold">
                {column.name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {table.rows.map((row, r) => (
            <tr key={r} className="border-t border-slate-100">
              {table.columnDefinitions.map((column, c) => (
                <td key={column.name} className="whitespace-nowrap px-2 py-0.5">
                  {cellText(row.cells[c])}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      {table.rows.length === 0 && <p className="px-2 py-1 text-xs text-slate-500">No rows.</p>}
    </div>
  );
}

export function RecordedBody({ title, body, testId }: { title: string; body: Body | null; testId: string }) {
  const value = decodeBody(body);
  const table = tableOf(value);
  // A Table response opens as the table it is; JSON and YAML show it as sent.
  const [chosen, setChosen] = useState<BodyFormat | null>(null);
  const format = chosen === null || (chosen === 'table' && !table) ? (table ? 'table' : 'json') : chosen;
  const options: Array<readonly [BodyFormat, string]> = [['json', 'JSON'], ['yaml', 'YAML']];
  if (table) options.unshift(['table', 'Table']);
  return (
    <section>
      <div className="mb-1 flex items-center gap-2">
        <h3 className="text-xs font-semibold text-slate-700">{title}</h3>
        {body?.truncated && (
          <span className="text-xs text-amber-700">
            truncated: the first {BODY_LIMIT_BYTES / 1024} KiB of {body.bytes} bytes
          </span>
        )}
        {value !== undefined && <SegmentedTabs label={`${title} format`} options={options} value={format} onChange={setChosen} />}
      </div>
      {table && format === 'table' ? (
        <TableView table={table} testId={`${testId}-table`} />
      ) : (
        // React renders this as text: an HTML error page is shown, never interpreted.
        <pre data-testid={testId} className={preClass}>
          {body === null || body.text === '' ? '(empty)' : value === undefined ? body.text : formatValue(value, format === 'yaml' ? 'yaml' : 'json')}
        </pre>
      )}
    </section>
  );
}
