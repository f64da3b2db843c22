// Figures for bench/taps: seconds as written, medians and spread of a row's runs, and its table line.

/** Seconds with two decimals; a failed run is a dash. */
export const s = (x) => (Number.isFinite(x) ? x.toFixed(2) : '–');

export const median = (xs) => {
  const v = xs.filter(Number.isFinite).sort((a, b) => a - b);
  if (!v.length) return NaN;
  return v.length % 2 ? v[(v.length - 1) / 2] : (v[v.length / 2 - 1] + v[v.length / 2]) / 2;
};
export const spread = (xs) => {
  const v = xs.filter(Number.isFinite);
  return v.length ? `${s(Math.min(...v))}–${s(Math.max(...v))}` : '–';
};

export function table(lines) {
  const out = ['| row | from → until | target | median | min–max | runs |', '| --- | --- | ---: | ---: | ---: | --- |'];
  for (const l of lines) {
    const ok = l.values.filter(Number.isFinite).length;
    out.push(
      `| ${l.row} | ${l.what} | ${l.target ?? ''} | ${s(median(l.values))} s | ${spread(l.values)} s | ` +
        `${l.values.map(s).join(', ')}${ok < l.values.length ? ` (${l.values.length - ok} failed)` : ''} |`,
    );
  }
  return out.join('\n');
}
