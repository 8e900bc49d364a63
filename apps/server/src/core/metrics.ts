/**
 * Prometheus metrics of this process, in the text exposition format (version 0.0.4), without a
 * client library: counters, gauges and histograms with labels, and collectors that read a value
 * when scraped (streams in flight, orders by state from the database).
 */

type Labels = Record<string, string>;

const escapeLabel = (v: string) => v.replace(/\\/g, '\\\\').replace(/\n/g, '\\n').replace(/"/g, '\\"');
const labelText = (labels: Labels) => {
  const keys = Object.keys(labels);
  return keys.length ? `{${keys.map((k) => `${k}="${escapeLabel(labels[k]!)}"`).join(',')}}` : '';
};
/** The key of a label set: values in the metric's label order. */
const keyOf = (names: readonly string[], labels: Labels) => names.map((n) => labels[n] ?? '').join('\u0001');
const fmt = (n: number) => (Number.isFinite(n) ? String(n) : n > 0 ? '+Inf' : n < 0 ? '-Inf' : 'NaN');

export interface Metric {
  name: string;
  render(): string[] | Promise<string[]>;
}

/** Label sets grow with routes, models and keys; a bound keeps a bug (a raw URL as a label) from eating memory. */
const MAX_SERIES = 2000;

abstract class Labelled<V> implements Metric {
  protected series = new Map<string, { labels: Labels; value: V }>();
  constructor(
    readonly name: string,
    readonly help: string,
    readonly type: 'counter' | 'gauge' | 'histogram',
    readonly labelNames: readonly string[],
  ) {}

  protected entry(labels: Labels, init: () => V) {
    const key = keyOf(this.labelNames, labels);
    let e = this.series.get(key);
    if (!e) {
      if (this.series.size >= MAX_SERIES) return null;
      const clean: Labels = {};
      for (const n of this.labelNames) clean[n] = labels[n] ?? '';
      e = { labels: clean, value: init() };
      this.series.set(key, e);
    }
    return e;
  }

  protected head() {
    return [`# HELP ${this.name} ${this.help}`, `# TYPE ${this.name} ${this.type}`];
  }

  abstract render(): string[];
}

export class Counter extends Labelled<number> {
  constructor(name: string, help: string, labelNames: readonly string[] = []) {
    super(name, help, 'counter', labelNames);
  }
  inc(labels: Labels = {}, by = 1) {
    const e = this.entry(labels, () => 0);
    if (e) e.value += by;
  }
  get(labels: Labels = {}) {
    return this.series.get(keyOf(this.labelNames, labels))?.value ?? 0;
  }
  render() {
    return [...this.head(), ...[...this.series.values()].map((s) => `${this.name}${labelText(s.labels)} ${fmt(s.value)}`)];
  }
}

export class Histogram extends Labelled<{ buckets: number[]; sum: number; count: number }> {
  constructor(
    name: string,
    help: string,
    labelNames: readonly string[],
    readonly bounds: readonly number[],
  ) {
    super(name, help, 'histogram', labelNames);
  }
  observe(labels: Labels, value: number) {
    const e = this.entry(labels, () => ({ buckets: this.bounds.map(() => 0), sum: 0, count: 0 }));
    if (!e) return;
    for (let i = 0; i < this.bounds.length; i++) if (value <= this.bounds[i]!) e.value.buckets[i]!++;
    e.value.sum += value;
    e.value.count++;
  }
  render() {
    const out = this.head();
    for (const { labels, value } of this.series.values()) {
      this.bounds.forEach((b, i) => out.push(`${this.name}_bucket${labelText({ ...labels, le: fmt(b) })} ${value.buckets[i]}`));
      out.push(`${this.name}_bucket${labelText({ ...labels, le: '+Inf' })} ${value.count}`);
      out.push(`${this.name}_sum${labelText(labels)} ${fmt(value.sum)}`);
      out.push(`${this.name}_count${labelText(labels)} ${value.count}`);
    }
    return out;
  }
}

/** A gauge read when scraped: one value, or one per label set. */
export class CollectedGauge implements Metric {
  constructor(
    readonly name: string,
    readonly help: string,
    private collect: () => number | { labels: Labels; value: number }[] | Promise<{ labels: Labels; value: number }[]>,
    private type: 'gauge' | 'counter' = 'gauge',
  ) {}
  async render() {
    const v = await this.collect();
    const rows = typeof v === 'number' ? [{ labels: {}, value: v }] : v;
    return [`# HELP ${this.name} ${this.help}`, `# TYPE ${this.name} ${this.type}`, ...rows.map((r) => `${this.name}${labelText(r.labels)} ${fmt(r.value)}`)];
  }
}

export class Registry {
  private metrics = new Map<string, Metric>();

  add<M extends Metric>(metric: M): M {
    this.metrics.set(metric.name, metric);
    return metric;
  }

  /** The exposition text; a collector that fails is left out (and named in `failed`) rather than failing the scrape. */
  async expose(extra: Metric[] = []): Promise<{ text: string; failed: string[] }> {
    const lines: string[] = [];
    const failed: string[] = [];
    for (const m of [...this.metrics.values(), ...extra]) {
      try {
        lines.push(...(await m.render()));
      } catch {
        failed.push(m.name);
      }
    }
    return { text: `${lines.join('\n')}\n`, failed };
  }
}

const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * The process-wide metrics every module may record into (one process is one Prometheus target).
 * Collected gauges that need the app (streams, database state) are the ops module's, per app.
 */
export const metrics = {
  registry: new Registry(),
  httpRequests: new Counter('http_requests_total', 'HTTP requests answered, by method, route pattern and status', ['method', 'route', 'status']),
  httpDuration: new Histogram('http_request_duration_seconds', 'Time to answer an HTTP request, by method and route pattern', ['method', 'route'], LATENCY_BUCKETS),
  firstToken: new Histogram('turn_first_token_seconds', 'From opening a paid turn to its first text, by turn kind', ['kind'], LATENCY_BUCKETS),
  turnsEnded: new Counter('turns_ended_total', 'Paid turns ended on this instance, by kind and status', ['kind', 'status']),
  upstreamErrors: new Counter('llm_upstream_errors_total', 'Failed upstream model calls, by model code, key id and failure kind', ['model', 'key', 'kind']),
};
for (const m of [metrics.httpRequests, metrics.httpDuration, metrics.firstToken, metrics.turnsEnded, metrics.upstreamErrors]) metrics.registry.add(m);
