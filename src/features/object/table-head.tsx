// The header row of the object page's small tables (conditions, events).

export function TableHead({ columns }: { columns: readonly string[] }) {
  return (
    <thead className="text-xs text-slate-500">
      <tr>
        {columns.map((title, i) => (
          <th key={title} className={i < columns.length - 1 ? 'py-1 pr-3 font-medium' : 'py-1 font-medium'}>
            {title}
          </th>
        ))}
      </tr>
    </thead>
  );
}
