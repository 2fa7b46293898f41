/** Reading a server's Prometheus metrics (`--metrics-port`): what the load suite and the tests scrape. */

/** The samples of a Prometheus text exposition, by name and labels as written (`hanafuda_rooms{state="open"}`). */
export function metricSamples(text: string): Map<string, number> {
  const found = new Map<string, number>();
  for (const line of text.split('\n')) {
    const m = /^([a-zA-Z_:][\w:]*(?:\{[^}]*\})?) (\S+)$/.exec(line);
    if (m) found.set(m[1], Number(m[2]));
  }
  return found;
}

/** A cluster process's count of its sockets' acts so far: played in a room of its own, or relayed to another process. */
export async function actPaths(metricsUrl: string): Promise<{ local: number; relayed: number }> {
  const res = await fetch(metricsUrl);
  if (!res.ok) throw new Error(`${metricsUrl} answered ${res.status}`);
  const samples = metricSamples(await res.text());
  return {
    local: samples.get('hanafuda_acts_total{path="local"}') ?? 0,
    relayed: samples.get('hanafuda_acts_total{path="relayed"}') ?? 0,
  };
}
