import { eventTime, type KubeEvent } from '../../k8s/kube-event';
import { LiveAge } from './live-age';
import { TableHead } from './table-head';

function from(event: KubeEvent): string {
  const component = event.source?.component || event.reportingComponent || '';
  const host = event.source?.host || event.reportingInstance || '';
  return [component, host].filter(Boolean).join(', ');
}

/** Events about the object, newest last (kubectl describe order): type, reason, age, from, message. */
export function EventsTable({ events }: { events: KubeEvent[] }) {
  if (events.length === 0) return <p className="text-xs text-slate-400" data-testid="no-events">No events.</p>;
  return (
    <table data-testid="object-events" className="w-full text-left text-[13px]">
      <TableHead columns={['Type', 'Reason', 'Age', 'From', 'Message']} />
      <tbody>
        {events.map((e) => {
          const count = e.series?.count ?? e.count ?? 1;
          return (
            <tr key={e.metadata.uid ?? e.metadata.name} className="border-t border-slate-100 align-top">
              <td className={`py-1 pr-3 ${e.type === 'Warning' ? 'font-medium text-amber-700' : 'text-slate-600'}`}>{e.type}</td>
              <td className="py-1 pr-3 text-slate-800">{e.reason}</td>
              <td className="py-1 pr-3 whitespace-nowrap text-slate-600">
                <LiveAge timestamp={eventTime(e)} />
                {count > 1 && <span className="text-slate-400"> (x{count})</span>}
              </td>
              <td className="py-1 pr-3 text-slate-600">{from(e)}</td>
              <td className="py-1 break-words text-slate-700">{e.message}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
