import { useId } from 'react';

/**
 * A small SVG line chart (no chart library: this stays a few hundred bytes of the admin chunk).
 * The values are also given as a table for screen readers.
 */
export function LineChart({ labels, values, title, format = String }: { labels: string[]; values: number[]; title: string; format?: (n: number) => string }) {
  const id = useId();
  const W = 320;
  const H = 96;
  const PAD = 4;
  const max = Math.max(1, ...values);
  const x = (i: number) => PAD + (values.length <= 1 ? 0 : (i * (W - 2 * PAD)) / (values.length - 1));
  const y = (v: number) => H - PAD - (v / max) * (H - 2 * PAD);
  const line = values.map((v, i) => `${i ? 'L' : 'M'}${x(i).toFixed(1)},${y(v).toFixed(1)}`).join(' ');
  const area = values.length ? `${line} L${x(values.length - 1).toFixed(1)},${H - PAD} L${x(0).toFixed(1)},${H - PAD} Z` : '';
  return (
    <figure className="m-0">
      <svg viewBox={`0 0 ${W} ${H}`} className="h-24 w-full" preserveAspectRatio="none" role="img" aria-labelledby={`${id}-t`}>
        <title id={`${id}-t`}>{title}</title>
        <line x1={PAD} x2={W - PAD} y1={H - PAD} y2={H - PAD} stroke="currentColor" className="text-neutral-200 dark:text-neutral-700" strokeWidth="1" />
        <path d={area} className="fill-primary/10" />
        <path d={line} fill="none" className="stroke-primary" strokeWidth="2" vectorEffect="non-scaling-stroke" strokeLinejoin="round" />
        {values.length <= 31 &&
          values.map((v, i) => (
            <circle key={labels[i]} cx={x(i)} cy={y(v)} r="2.5" className="fill-primary" vectorEffect="non-scaling-stroke">
              <title>{`${labels[i]}: ${format(v)}`}</title>
            </circle>
          ))}
      </svg>
      <figcaption className="mt-1 flex justify-between text-xs text-neutral-600 dark:text-neutral-400">
        <span>{labels[0]}</span>
        <span>{labels.at(-1)}</span>
      </figcaption>
      <table className="sr-only">
        <caption>{title}</caption>
        <tbody>
          {labels.map((l, i) => (
            <tr key={l}>
              <th scope="row">{l}</th>
              <td>{format(values[i] ?? 0)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
