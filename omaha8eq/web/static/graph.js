// The equity-distribution graph of a range, drawn as SVG: the range's hands sorted by
// equity (x: the fraction of the range, by how often each hand is dealt; y: equity).

const SVG = "http://www.w3.org/2000/svg";

function element(name, attributes, text) {
  const node = document.createElementNS(SVG, name);
  for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, value);
  if (text !== undefined) node.textContent = text;
  return node;
}

// distribution: {fraction: [0..1], equity: [0..1], deciles: [9 values]} from the API.
export function distributionGraph(distribution, title) {
  const width = 480, height = 260, left = 44, right = 12, top = 14, bottom = 36;
  const x = (f) => left + f * (width - left - right);
  const y = (e) => height - bottom - e * (height - top - bottom);
  const svg = element("svg", {
    viewBox: `0 0 ${width} ${height}`,
    class: "distribution",
    role: "img",
    "aria-label": `${title}: equity of each part of the range, from its worst hands to its best`,
  });
  for (const tick of [0, 0.25, 0.5, 0.75, 1]) {
    svg.append(element("line", { x1: x(0), x2: x(1), y1: y(tick), y2: y(tick), class: "grid" }));
    svg.append(element("text", { x: left - 6, y: y(tick) + 4, class: "tick", "text-anchor": "end" }, `${tick * 100}%`));
    svg.append(element("text", { x: x(tick), y: height - bottom + 16, class: "tick", "text-anchor": "middle" },
      `${tick * 100}%`));
  }
  const points = distribution.fraction.map((f, i) => `${x(f).toFixed(1)},${y(distribution.equity[i]).toFixed(1)}`);
  const area = `${x(0)},${y(0)} ${points.join(" ")} ${x(1)},${y(0)}`;
  svg.append(element("polygon", { points: area, class: "area" }));
  svg.append(element("polyline", { points: points.join(" "), class: "curve" }));
  const median = distribution.deciles[4];
  svg.append(element("line", { x1: x(0.5), x2: x(0.5), y1: y(0), y2: y(median), class: "median" }));
  svg.append(element("text", { x: x(0.5) + 4, y: y(median) - 6, class: "tick" }, `median ${(100 * median).toFixed(1)}%`));
  svg.append(element("text", { x: x(0.5), y: height - 4, class: "axis", "text-anchor": "middle" },
    "share of the range (worst hands first)"));
  svg.append(element("text", { x: 12, y: y(0.5), class: "axis", "text-anchor": "middle",
    transform: `rotate(-90 12 ${y(0.5)})` }, "equity"));
  return svg;
}
