"use strict";
(function () {
const started = performance.now();
const D = JSON.parse(document.getElementById("session-data").textContent);
const TAG = "\u0000#";
const ROW = 22, GUTTER = 48, OVERSCAN = 10, PAGE = 200;
const steps = D.steps, lanes = D.lanes, spans = D.spans, N = steps.length;
// Lanes are drawn in columns: one per lane, or — grouped — one per feature, its instances
// (`path[id: 3] → …`, `rows[id: 7]`) sharing it, so that a hundred instances stay readable.
// Grouped at the start past 24 lanes; `g` toggles; clicking a group's name opens that group
// alone, and clicking one of its instances closes it again.
const groupOf = (name) => name.replace(/\[id: [^\]]*\]/g, "[id: …]");
const hasInstances = lanes.some((name) => groupOf(name) !== name);
let grouped = false, columns = [], column = [], LW = 14, laneWidth = 0;
const opened = new Set();
function arrangeLanes() {
  columns = [];
  const index = new Map();
  column = lanes.map((name) => {
    const key = grouped && !opened.has(groupOf(name)) ? groupOf(name) : name;
    if (!index.has(key)) {
      index.set(key, columns.length);
      columns.push({ name: key, group: groupOf(name), members: 0 });
    }
    columns[index.get(key)].members += 1;
    return index.get(key);
  });
  LW = columns.length > 24 ? 8 : 14;
  laneWidth = columns.length * LW + 4;
}
const $ = (id) => document.getElementById(id);
const scroller = $("scroller"), rows = $("rows");
let selected = N > 0 ? 0 : -1;
let query = "", matches = [], matchSet = new Set();
// The rows the timeline shows: every step, or only the matches while filtering.
let filtering = false, view = null, position = null;
function shownCount() { return view === null ? N : view.length; }
function indexAt(row) { return view === null ? row : view[row]; }
function rowOf(index) { return view === null ? index : position.get(index); }

// Values: numbers JavaScript would round are {"\0#": "text"}; keys starting with \0 carry
// one more.
function isNum(v) {
  if (v === null || typeof v !== "object" || Array.isArray(v)) return false;
  const keys = Object.keys(v);
  return keys.length === 1 && keys[0] === TAG && typeof v[TAG] === "string";
}
const shown = (k) => (k.charCodeAt(0) === 0 ? k.slice(1) : k);
const stored = (k) => (k.charCodeAt(0) === 0 ? "\u0000" + k : k);
const seg = (p) => (typeof p === "number" ? p : stored(p));
const isRedacted = (s) => s.indexOf("\u2588") >= 0;

// Sets and dictionaries, by where they are in the state (JSON writes them as arrays and
// objects): a pattern's null is any array element or dictionary entry.
const collections = D.collections || [];
function kindAt(path) {
  outer: for (const [pattern, kind] of collections) {
    if (pattern.length !== path.length) continue;
    for (let i = 0; i < path.length; i++) {
      const want = pattern[i], got = path[i];
      if (want !== null && want !== got) continue outer;
    }
    return kind;
  }
  return null;
}
// A dictionary written as `[key, value, key, value, …]` (its keys are not strings).
const isPairs = (value, path) => Array.isArray(value) && kindAt(path) === "dictionary";
// How a dictionary's key reads in a path or a tree: `[3]`, `["alice"]`. (An object's keys are
// strings; one of digits is an integer key, which is how Swift writes `[Int: …]`.)
const keyText = (key) => typeof key === "string" && /^-?[0-9]+$/.test(key) ? key : text(key, 60);
// The key of an object's field, or of the value at odd position `p` of a `[k, v, …]` array.
const entryKey = (parent, p) => typeof p !== "number" ? p :
  p % 2 === 1 && Array.isArray(parent) ? parent[p - 1] : null;

// A value on one line, as the user wrote it (as the state's tree shows it, see `unwrapped`):
// an enum's unnamed payload in its case's place, not under `_0`, and a stack's screen, an
// array's element of an `id` and an `element` alone, as `[id: 3]: …`.
function text(v, limit, inArray) {
  let out;
  if (v === undefined) out = "(none)";
  else if (isNum(v)) out = v[TAG];
  else if (v === null || typeof v !== "object") out = JSON.stringify(v);
  else if (Array.isArray(v)) out = "[" + v.map((e) => text(e, limit, true)).join(", ") + "]";
  else {
    const keys = Object.keys(v);
    if (keys.length === 1 && keys[0] === "_0") out = text(v._0, limit);
    else if (inArray && keys.length === 2 && "element" in v && "id" in v && !isTree(v.id)) {
      out = "[id: " + (isNum(v.id) ? v.id[TAG] : JSON.stringify(v.id)) + "]: " +
        text(v.element, limit);
    } else {
      out = "{" + keys.sort().map((k) => JSON.stringify(shown(k)) + ": " +
        text(v[k], limit)).join(", ") + "}";
    }
  }
  return limit && out.length > limit ? out.slice(0, limit) + "…" : out;
}

// A duration in microseconds, as a person reads it: 850 µs, 12.4 ms, 3.25 s, 2 min 5 s.
function duration(micros) {
  if (micros < 1000) return micros + " µs";
  if (micros < 1e6) return (micros / 1000).toFixed(micros < 1e4 ? 2 : 1) + " ms";
  if (micros < 6e7) return (micros / 1e6).toFixed(2) + " s";
  return Math.floor(micros / 6e7) + " min " + Math.round((micros % 6e7) / 1e6) + " s";
}

// A path as the state reads in Swift: an enum's unlabelled payload (`_0`) is the case itself
// (`destination.confirmHide.title`, not `destination.confirmHide._0.title`).
// A path as the user wrote the value: no `_0` of an enum's payload, and, where `root` (the
// state the path is in) is given, an element with an `id` named by it (`rows[id: 7]`), a stack
// screen without its `element` wrapper (`path[id: 0].detail`).
// `[id: 7]` for an element that has an id (a number or a string), else undefined.
function idStep(element) {
  if (element === null || typeof element !== "object" || Array.isArray(element)) return undefined;
  const id = element.id;
  if (typeof id === "number") return "[id: " + id + "]";
  if (typeof id === "string") return "[id: " + JSON.stringify(id) + "]";
  return undefined;
}

function showPath(path, root) {
  let out = "";
  let v = root;
  for (let k = 0; k < path.length; k++) {
    const p = path[k];
    const next = v !== null && typeof v === "object" ? v[seg(p)] : undefined;
    if (p === "_0") { v = next; continue; }
    const kind = kindAt(path.slice(0, k));
    if (kind === "dictionary") {
      // An entry by its key: `scores["alice"]`, `byID[3]` (for `[k, v, …]`, the key before).
      const key = entryKey(v, p);
      out += key === null ? "[" + p + "]" : "[" + keyText(key) + "]";
      v = next;
      continue;
    }
    if (typeof p !== "number") {
      out += (out === "" ? "" : ".") + p;
      v = next;
      continue;
    }
    const named = idStep(next);
    out += named ?? "[" + p + "]";
    v = next;
    if (named && path[k + 1] === "element" && Object.keys(next).length === 2) {
      k += 1;
      v = next.element;
    }
  }
  return out === "" ? "the state" : out;
}

function describePath(path) {
  if (path.length === 0) return "the state";
  let out = "";
  for (const p of path) {
    if (typeof p === "number") out += "[" + p + "]";
    else out += (out === "" ? "" : ".") + p;
  }
  return out;
}

function valueAt(root, path) {
  let v = root;
  for (const p of path) {
    if (v === null || typeof v !== "object") return undefined;
    v = v[seg(p)];
  }
  return v;
}

function apply(root, change) {
  const op = change[0], path = change[1];
  if (path.length === 0) {
    if (op === "set") return structuredClone(change[2]);
    if (op === "text") return spliceText(root, change);
    splice(root, change);
    return root;
  }
  let parent = root;
  for (let i = 0; i < path.length - 1; i++) parent = parent[seg(path[i])];
  const last = seg(path[path.length - 1]);
  if (op === "set") parent[last] = structuredClone(change[2]);
  else if (op === "remove") delete parent[last];
  else if (op === "text") parent[last] = spliceText(parent[last], change);
  else splice(parent[last], change);
  return root;
}

// A long string edited where it changed: offsets in UTF-16 code units, JavaScript's own.
function spliceText(string, change) {
  return string.slice(0, change[2]) + change[4] + string.slice(change[2] + change[3]);
}

function splice(array, change) {
  const offset = change[2], count = change[3], inserted = change[4];
  const rest = array.slice(offset + count);
  array.length = offset;
  for (const e of inserted) array.push(structuredClone(e));
  for (const e of rest) array.push(e);
}

// States: rebuilt from the nearest whole state (a checkpoint, or the last one built).
let cache = { index: -1, state: D.initial };
function stateAt(index) {
  if (D.states === "digest") return null;
  if (cache.index === index) return cache.state;
  let base = { index: -1, state: D.initial };
  for (const [at, state] of D.checkpoints) {
    if (at <= index) base = { index: at, state: state }; else break;
  }
  if (cache.index <= index && cache.index >= base.index) base = cache;
  let state = structuredClone(base.state);
  for (let i = base.index + 1; i <= index; i++) {
    for (const change of steps[i].c || []) state = apply(state, change);
  }
  cache = { index: index, state: state };
  return state;
}

// Header, banners, lanes.
$("counts").textContent = N.toLocaleString("en") + " steps · " + lanes.length + " lanes · " +
  spans.length.toLocaleString("en") + " effects";
function banner(message) {
  const div = document.createElement("div");
  div.className = "banner";
  div.textContent = message;
  $("banners").appendChild(div);
}
if (D.incomplete) banner(D.incomplete);
if (D.sensitive) banner("This page holds sensitive values as they were recorded.");
if (D.states === "digest") banner("States were recorded as digests: the page shows no state.");
function laneHeader() {
  const header = $("lane-header");
  header.replaceChildren();
  for (const [index, lane] of columns.entries()) {
    const cell = document.createElement("div");
    cell.className = "lane-name" + (lane.members > 1 ? " group" : "");
    cell.style.width = LW + "px";
    // NB: past 24 columns they are narrower, their names smaller (they were left blank).
    if (LW < 14) cell.classList.add("narrow");
    cell.textContent = lane.members > 1 ? lane.name + " ×" + lane.members : lane.name;
    cell.title = "lane " + (index + 1) + ": " + (index === 0 ? "from outside (the view, the user)"
      : lane.name === "changed outside" ? "changed outside the reducers"
      : lane.members > 1 ? "effects of " + lane.members + " instances of " + lane.name +
        " (click to show each)" : "effects of " + lane.name +
        (grouped && opened.has(lane.group) ? " (click to group " + lane.group + " again)" : ""));
    if (grouped && (lane.members > 1 || opened.has(lane.group))) {
      cell.classList.add("toggles");
      cell.addEventListener("click", () => {
        if (opened.has(lane.group)) opened.delete(lane.group); else opened.add(lane.group);
        setGrouped(true);
        draw(true);
      });
    }
    header.appendChild(cell);
  }
}
// Spans of one column that overlap are drawn side by side, each on the first free track.
function arrangeTracks() {
  const trackEnds = columns.map(() => []);
  for (const span of spans) {
    const from = span.s, to = span.e === undefined ? Infinity : span.e;
    const ends = trackEnds[column[span.l]];
    let track = ends.findIndex((end) => end < from);
    if (track < 0) { track = ends.length; ends.push(to); } else ends[track] = to;
    span.t = track;
  }
}
const groupBox = $("group");
function setGrouped(on) {
  grouped = on && hasInstances;
  groupBox.checked = grouped;
  arrangeLanes();
  laneHeader();
  arrangeTracks();
}
groupBox.disabled = !hasInstances;
groupBox.addEventListener("change", () => { setGrouped(groupBox.checked); draw(true); });
setGrouped(lanes.length > 24);
function layout() { rows.style.height = shownCount() * ROW + "px"; }
layout();

// The timeline: only the rows on screen (and a few around them) exist.
let drawn = "";
function draw(force) {
  const first = Math.max(0, Math.floor(scroller.scrollTop / ROW) - OVERSCAN);
  const last = Math.min(shownCount() - 1,
    Math.ceil((scroller.scrollTop + scroller.clientHeight) / ROW) + OVERSCAN);
  const key = first + ":" + last;
  if (!force && key === drawn) return;
  drawn = key;
  const fragment = document.createDocumentFragment();
  for (let shown = first; shown <= last; shown++) {
    const i = indexAt(shown);
    const step = steps[i];
    const row = document.createElement("div");
    row.className = "step" + (i === selected ? " selected" : "") +
      (matchSet.has(i) && view === null ? " match" : "") + (step.z ? " noop" : "");
    if (step.z) {
      row.title = "changed no state and started no effect: a placeholder swallowed it, or " +
        "the feature ignored it";
    }
    row.style.top = shown * ROW + "px";
    row.dataset.step = i + 1;
    row.dataset.lane = lanes[step.o];
    const num = document.createElement("span");
    num.className = "num";
    num.textContent = i + 1;
    const laneCell = document.createElement("span");
    laneCell.className = "lanes";
    laneCell.style.width = laneWidth + "px";
    const dot = document.createElement("span");
    dot.className = "dot" + (step.o === 0 ? "" : lanes[step.o] === "changed outside"
      ? " outside-change" : " effect");
    dot.style.left = column[step.o] * LW + 2 + "px";
    dot.title = "from " + lanes[step.o];
    laneCell.appendChild(dot);
    const name = document.createElement("span");
    name.className = "name";
    name.textContent = step.n;
    row.append(num, laneCell, name);
    if (step.t !== undefined && i > 0 && steps[i - 1].t !== undefined) {
      const gap = document.createElement("span");
      gap.className = "gap";
      gap.textContent = "+" + duration(step.t - steps[i - 1].t);
      row.appendChild(gap);
    }
    if (step.w) {
      const warned = document.createElement("span");
      warned.className = "warned";
      warned.textContent = "⚠ " + step.w.length;
      row.appendChild(warned);
    }
    row.addEventListener("click", () => select(i));
    fragment.appendChild(row);
  }
  // NB: while filtering, rows are not consecutive steps: effect bars would lie.
  for (const span of view === null ? spans : []) {
    const from = span.s - 1, to = span.e === undefined ? N - 1 : span.e - 1;
    if (to < first || from > last) continue;
    const bar = document.createElement("div");
    bar.className = "span" + (span.x ? " cancelled" + (span.why ? " " + span.why : "") :
      span.e === undefined ? " running" : "");
    bar.dataset.lane = lanes[span.l];
    if (span.i) bar.dataset.ids = span.i.join(", ");
    bar.style.left = GUTTER + column[span.l] * LW + 3 + Math.min(span.t * 3, LW - 6) + "px";
    bar.style.top = from * ROW + ROW / 2 + "px";
    bar.style.height = Math.max(6, (to - from) * ROW) + "px";
    bar.title = "effect of " + lanes[span.l] + ": started by step " + span.s +
      (span.s >= 1 && span.s <= N ? " (" + steps[span.s - 1].n + ")" : "") +
      (span.i ? ", cancel id " + span.i.map(id => JSON.stringify(id)).join(", ") : "") + ", " +
      (span.e === undefined ? "still running at the end" :
       span.why === "dismissed" ? "ended when its feature went away at step " + span.e :
       span.why === "replaced" ? "replaced by a newer run at step " + span.e :
       (span.x ? "cancelled" : "finished") + " after step " + span.e);
    fragment.appendChild(bar);
  }
  rows.replaceChildren(fragment);
}
let pending = false;
scroller.addEventListener("scroll", () => {
  if (pending) return;
  pending = true;
  requestAnimationFrame(() => { pending = false; draw(false); });
});

// Trees: containers on the way to a change are open; others open on demand.
// A splice changes the elements it inserted, not its whole array.
function changedPaths(changes) {
  const paths = [];
  for (const change of changes) {
    if (change[0] !== "splice") { paths.push(change[1]); continue; }
    if (change[4].length === 0) paths.push(change[1].concat([-1]));
    for (let i = 0; i < change[4].length; i++) paths.push(change[1].concat([change[2] + i]));
  }
  return paths;
}

function tree(container, value, changes) {
  const exact = new Set(), route = new Set();
  for (const path of changedPaths(changes)) {
    exact.add(JSON.stringify(path));
    for (let i = 0; i < path.length; i++) route.add(JSON.stringify(path.slice(0, i)));
  }
  container.replaceChildren(node(null, value, [], exact, route, false));
}

// The value as the user wrote it, not as it was encoded: an enum's unnamed payload (`_0`) is
// shown in its case's place, and a stack's element under its id (`[id: 3]`), not as
// `element` beside `id`. (Paths keep the encoded steps, so changes still find their nodes.)
function unwrapped(label, value, path, exact, inChanged) {
  for (;;) {
    if (!isTree(value) || Array.isArray(value)) return [label, value, path, inChanged];
    const keys = Object.keys(value);
    if (keys.length === 1 && keys[0] === "_0") {
      path = path.concat(["_0"]);
    } else if (keys.length === 2 && "element" in value && "id" in value &&
               !isTree(value.id) && typeof path[path.length - 1] === "number") {
      label = "[id: " + (isNum(value.id) ? value.id[TAG] : String(value.id)) + "]";
      path = path.concat(["element"]);
      value = value.element;
      inChanged = inChanged || exact.has(JSON.stringify(path));
      continue;
    } else return [label, value, path, inChanged];
    value = value._0;
    inChanged = inChanged || exact.has(JSON.stringify(path));
  }
}

function node(label, value, path, exact, route, inChanged) {
  [label, value, path, inChanged] = unwrapped(label, value, path, exact, inChanged);
  const id = JSON.stringify(path);
  const changed = inChanged || exact.has(id);
  if (value === null || typeof value !== "object" || isNum(value)) {
    const leaf = document.createElement("div");
    leaf.className = "leaf" + (changed ? " changed" : "");
    leaf.dataset.path = describePath(path);
    if (label !== null) {
      const key = document.createElement("span");
      key.className = "key";
      key.textContent = label + ": ";
      leaf.appendChild(key);
    }
    leaf.appendChild(scalar(value));
    return leaf;
  }
  const details = document.createElement("details");
  details.className = changed ? "changed" : route.has(id) ? "route" : "";
  details.dataset.path = describePath(path);
  const summary = document.createElement("summary");
  const keys = Array.isArray(value) ? null : Object.keys(value).sort();
  // A set shows its elements, a dictionary its entries by key: as the feature wrote them.
  // (Only where the value has the collection's shape: a file may claim what it likes.)
  const claimed = kindAt(path);
  const kind = claimed === "set" && !keys ? "set" :
    claimed === "dictionary" && (keys || value.length % 2 === 0) ? "dictionary" : null;
  const pairs = kind === "dictionary" && !keys;
  const size = keys ? keys.length : pairs ? Math.floor(value.length / 2) : value.length;
  const plural = (one, many) => size + (size === 1 ? one : many);
  summary.textContent = (label === null ? "" : label + ": ") +
    (kind === "set" ? "Set " + plural(" element", " elements") :
     kind === "dictionary" ? "[…: …] " + plural(" entry", " entries") :
     keys ? "{…} " + plural(" field", " fields") : "[…] " + plural(" item", " items"));
  details.appendChild(summary);
  let filled = 0;
  function fill() {
    const end = Math.min(size, filled + PAGE);
    const more = details.querySelector(":scope > .more");
    if (more) more.remove();
    for (let i = filled; i < end; i++) {
      if (pairs) {
        details.appendChild(node(keyText(value[2 * i]), value[2 * i + 1],
          path.concat([2 * i + 1]), exact, route, changed));
        continue;
      }
      const k = keys ? keys[i] : i;
      const childPath = path.concat([keys ? shown(k) : i]);
      const childLabel = kind === "set" ? null : kind === "dictionary" ? keyText(shown(k)) :
        keys ? shown(k) : String(i);
      details.appendChild(node(childLabel, value[k], childPath, exact, route, changed));
    }
    filled = end;
    if (filled < size) {
      const link = document.createElement("div");
      link.className = "more";
      link.textContent = "… " + (size - filled).toLocaleString("en") + " more";
      link.addEventListener("click", fill);
      details.appendChild(link);
    }
  }
  details.addEventListener("toggle", () => { if (details.open && filled === 0) fill(); });
  if (route.has(id) || path.length === 0 || (changed && size <= 20)) {
    details.open = true;
    fill();
  }
  return details;
}

function isTree(value) { return value !== null && typeof value === "object" && !isNum(value); }
// The paths at which `a` and `b` differ, as deep as both keep their shape: fields by name,
// elements by position while the lengths match.
function leafDiff(a, b, path, out) {
  if (isTree(a) && isTree(b) && Array.isArray(a) === Array.isArray(b) &&
      (!Array.isArray(a) || a.length === b.length)) {
    const keys = Array.isArray(a) ? a.map((_, i) => i) :
      [...new Set(Object.keys(a).concat(Object.keys(b)))];
    for (const k of keys) {
      leafDiff(a[k], b[k], path.concat([Array.isArray(a) ? k : shown(k)]), out);
    }
  } else if (JSON.stringify(a) !== JSON.stringify(b)) out.push(path);
}
// A collapsed tree of `value` under `label`, `changed` paths marked.
function valueTree(label, value, changed) {
  const box = document.createElement("details");
  box.className = "value-tree";
  const summary = document.createElement("summary");
  summary.textContent = label;
  box.appendChild(summary);
  box.addEventListener("toggle", () => {
    if (!box.open || box.childElementCount > 1) return;
    const exact = new Set(), route = new Set();
    for (const path of changed) {
      exact.add(JSON.stringify(path));
      for (let i = 0; i < path.length; i++) route.add(JSON.stringify(path.slice(0, i)));
    }
    const inner = document.createElement("div");
    inner.className = "tree";
    inner.appendChild(node(null, value, [], exact, route, false));
    box.appendChild(inner);
  });
  return box;
}

function scalar(value) {
  const span = document.createElement("span");
  if (isNum(value)) { span.className = "v-num"; span.textContent = value[TAG]; }
  else if (typeof value === "number") { span.className = "v-num"; span.textContent = String(value); }
  else if (typeof value === "string") {
    span.className = isRedacted(value) ? "redacted" : "v-str";
    span.textContent = isRedacted(value) ? value : JSON.stringify(value);
    if (isRedacted(value)) span.title = "redacted: not in the recording (its number tells the values recorded apart)";
  } else if (typeof value === "boolean") { span.className = "v-bool"; span.textContent = String(value); }
  else { span.className = "v-null"; span.textContent = "null"; }
  return span;
}

// The lines of a splice in a set (`likedIDs inserted 42`) or in a dictionary written as
// `[k, v, …]` (`scores[3] 1 → 2`, `inserted scores[4] 7`, `removed scores[5] 9`).
function unorderedChange(change, old, where) {
  const removed = old.slice(change[2], change[2] + change[3]), inserted = change[4];
  const line = (parts) => {
    const row = document.createElement("div");
    row.className = "change";
    row.dataset.path = describePath(change[1]);
    for (const [cls, content] of parts) {
      if (cls === null) { row.append(content); continue; }
      const span = document.createElement("span");
      span.className = cls;
      span.textContent = content;
      row.append(span);
    }
    return row;
  };
  const key = (v) => JSON.stringify(v);
  if (kindAt(change[1]) === "set") {
    const kept = new Set(inserted.map(key)), had = new Set(removed.map(key));
    const gone = removed.filter((v) => !kept.has(key(v)));
    const added = inserted.filter((v) => !had.has(key(v)));
    const list = (values) => "{" + values.map((v) => text(v, 100)).join(", ") + "}";
    const parts = [["path", where + " "]];
    if (gone.length > 0) parts.push(["before", "removed " + list(gone)]);
    if (gone.length > 0 && added.length > 0) parts.push([null, ", "]);
    if (added.length > 0) parts.push(["after", "inserted " + list(added)]);
    return [line(parts)];
  }
  const entries = (values) => {
    const map = new Map();
    for (let i = 0; i + 1 < values.length; i += 2) map.set(key(values[i]), [values[i], values[i + 1]]);
    return map;
  };
  const before = entries(removed), after = entries(inserted), lines = [];
  for (const [k, [name, value]] of after) {
    const entry = where + "[" + keyText(name) + "] ";
    if (!before.has(k)) { lines.push(line([["path", "inserted " + entry], ["after", text(value, 300)]])); continue; }
    const was = before.get(k)[1];
    if (key(was) !== key(value)) {
      lines.push(line([["path", entry], ["before", text(was, 300)], [null, " → "],
        ["after", text(value, 300)]]));
    }
  }
  for (const [k, [name, value]] of before) {
    if (!after.has(k)) {
      lines.push(line([["path", "removed " + where + "[" + keyText(name) + "] "],
        ["before", text(value, 300)]]));
    }
  }
  return lines;
}

// An element of a set (or a key of a dictionary written as `[k, v, …]`) replaced in place —
// `["set", ["tags", 1], "d"]` where the arrays kept their length — as the splice it is for a
// collection without positions: one element out, one in.
function inPlaceElement(change, before) {
  const path = change[1], last = path[path.length - 1];
  if (change[0] !== "set" || typeof last !== "number") return change;
  const parent = path.slice(0, -1), kind = kindAt(parent), array = valueAt(before, parent);
  if (!Array.isArray(array) || last >= array.length) return change;
  if (kind === "set") return ["splice", parent, last, 1, [change[2]]];
  if (kind === "dictionary" && array.length % 2 === 0 && last % 2 === 0) {
    return ["splice", parent, last, 2, [change[2], array[last + 1]]];
  }
  return change;
}

// The selected step.
function details() {
  if (selected < 0) {
    $("action-name").textContent = "(no steps)";
    $("step-meta").textContent = "The store reduced no action.";
    if (D.states !== "digest") tree($("state"), D.initial, []);
    return;
  }
  const step = steps[selected];
  $("action-name").textContent = step.n;
  const origin = lanes[step.o];
  $("step-meta").replaceChildren(document.createTextNode("step " + (selected + 1) + " of " +
    N + " · from "));
  const originSpan = document.createElement("span");
  originSpan.id = "origin";
  originSpan.textContent = origin;
  $("step-meta").appendChild(originSpan);
  // When it happened: since the recording started, and since the step before.
  if (step.t !== undefined) {
    const before = selected > 0 ? steps[selected - 1].t : 0;
    const time = document.createElement("span");
    time.id = "step-time";
    time.textContent = " · at " + duration(step.t) +
      (before === undefined ? "" : " (+" + duration(step.t - before) + ")");
    $("step-meta").appendChild(time);
  }
  const warnings = $("warnings");
  warnings.replaceChildren();
  for (const w of step.w || []) {
    const div = document.createElement("div");
    div.className = "warning";
    div.textContent = w;
    warnings.appendChild(div);
  }
  if (!step.w) warnings.textContent = "none";
  const effects = $("effects");
  effects.replaceChildren();
  if (step.e) {
    const list = document.createElement("ul");
    list.className = "plain";
    for (const e of step.e) {
      const item = document.createElement("li");
      item.textContent = e;
      list.appendChild(item);
    }
    effects.appendChild(list);
  } else effects.textContent = "none";
  tree($("action"), step.a, []);
  const diff = $("diff");
  diff.replaceChildren();
  if (D.states === "digest") {
    diff.textContent = "digest " + step.d;
    $("state").textContent = "(digest)";
    return;
  }
  const before = stateAt(selected - 1);
  const beforeCopy = structuredClone(before);
  const after = stateAt(selected);
  const changes = step.c || [];
  if (changes.length === 0) diff.textContent = "no change";
  for (const original of changes) {
    // A text splice reads as the string it made: `body "…" → "…"`.
    const change = original[0] === "text"
      ? ["set", original[1], valueAt(after, original[1])]
      : inPlaceElement(original, beforeCopy);
    const row = document.createElement("div");
    row.className = "change";
    row.dataset.path = describePath(change[1]);
    const path = document.createElement("span");
    path.className = "path";
    const was = document.createElement("span");
    was.className = "before";
    const now = document.createElement("span");
    now.className = "after";
    const old = valueAt(beforeCopy, change[1]);
    const where = valueAt(after, change[1]) === undefined ? beforeCopy : after;
    const newEntry = change[0] === "set" && old === undefined && change[1].length > 0 &&
      kindAt(change[1].slice(0, -1)) === "dictionary";
    if (newEntry) {
      // A dictionary's new key: inserted, not changed from nothing.
      path.textContent = "inserted " + showPath(change[1], where) + " ";
      now.textContent = text(change[2], 300);
    } else if (change[0] === "set") {
      path.textContent = showPath(change[1], where) + " ";
      was.textContent = text(old, 300);
      now.textContent = text(change[2], 300);
    } else if (change[0] === "remove") {
      path.textContent = "removed " + showPath(change[1], beforeCopy) + " ";
      was.textContent = text(old, 300);
    } else if (Array.isArray(old) && (kindAt(change[1]) === "set" ||
               (kindAt(change[1]) === "dictionary" && change[2] % 2 === 0 &&
                change[3] % 2 === 0 && change[4].length % 2 === 0))) {
      // A set's or a dictionary's elements gained and lost, not positions in its JSON.
      for (const line of unorderedChange(change, old, showPath(change[1], where))) {
        diff.appendChild(line);
      }
      continue;
    } else {
      // An insertion, a removal, or a run replaced: said as such (not `tags[3..<3]`).
      const one = Array.isArray(old) && change[3] === 1 ? idStep(old[change[2]]) : undefined;
      let at = "[" + change[2] + "..<" + (change[2] + change[3]) + "]";
      if (change[3] === 1) at = one ?? "[" + change[2] + "]";
      const shown = showPath(change[1], where);
      path.textContent = change[3] === 0 ? "inserted in " + shown + " at " + change[2] + " " :
        change[4].length === 0 ? "removed " + shown + at + " " : shown + at + " ";
      was.textContent = text(Array.isArray(old) ? old.slice(change[2], change[2] + change[3])
        : undefined, 300);
      now.textContent = text(change[4], 300);
    }
    const removal = change[0] === "remove" || (change[0] === "splice" && change[4].length === 0);
    const insertion = newEntry || (change[0] === "splice" && change[3] === 0);
    row.append(path);
    if (!insertion) row.append(was);
    if (!removal && !insertion) row.append(document.createTextNode(" → "));
    if (!removal) row.append(now);
    // A value too big for its line opens as a tree: the value before, and the value after with
    // the leaves that differ marked.
    if (change[0] === "set") {
      const oldValue = old, newValue = change[2];
      if (isTree(oldValue) && text(oldValue, 1000).length > 60) {
        row.appendChild(valueTree("before", oldValue, []));
      }
      if (isTree(newValue) && text(newValue, 1000).length > 60) {
        const differing = [];
        if (isTree(oldValue)) leafDiff(oldValue, newValue, [], differing);
        row.appendChild(valueTree("after", newValue, isTree(oldValue) ? differing : [[]]));
      }
    } else if (change[0] === "splice" && change[4].length > 0 &&
               text(change[4], 1000).length > 60) {
      row.appendChild(valueTree(insertion ? "inserted" : "after", change[4], []));
    }
    diff.appendChild(row);
  }
  tree($("state"), after, changes);
}

function select(index, scrollIntoView) {
  if (N === 0) return;
  selected = Math.max(0, Math.min(N - 1, index));
  if (scrollIntoView !== false && rowOf(selected) !== undefined) {
    const top = rowOf(selected) * ROW, bottom = top + ROW;
    if (top < scroller.scrollTop) scroller.scrollTop = top;
    else if (bottom > scroller.scrollTop + scroller.clientHeight)
      scroller.scrollTop = bottom - scroller.clientHeight;
  }
  draw(true);
  details();
  // The test's range ends at the selected step (and starts no later).
  testTo.value = String(selected + 1);
  if (Number(testFrom.value) > selected + 1) testFrom.value = String(selected + 1);
  document.body.dataset.selected = String(selected + 1);
  // A link to the step: the address ends in #step=N, and opening it selects the step.
  if (location.hash !== "#step=" + (selected + 1)) {
    try { history.replaceState(null, "", "#step=" + (selected + 1)); } catch (error) { }
  }
}
// The next step the timeline shows after (or before) the selected one.
function move(by) {
  if (view === null) return select(selected + by);
  if (view.length === 0) return;
  const next = by > 0 ? view.find((i) => i > selected) : [...view].reverse().find((i) => i < selected);
  if (next !== undefined) select(next);
}

// Search: by action name; `lane:TEXT` by the lane a step came from; `changed:TEXT` by the
// path of a value it changed (`changed:items[3]`, `changed:query`).
const search = $("search");
function matcher(text) {
  if (text.startsWith("lane:")) {
    const lane = text.slice(5).trim();
    return (i) => lanes[steps[i].o].toLowerCase().includes(lane);
  }
  if (text.startsWith("changed:")) {
    const path = text.slice(8).trim();
    return (i) => changedPaths(steps[i].c || []).some((p) =>
      describePath(p).toLowerCase().startsWith(path) ||
      showPath(p).toLowerCase().startsWith(path));
  }
  return (i) => steps[i].n.toLowerCase().includes(text);
}
function refilter() {
  view = filtering && query !== "" ? matches : null;
  position = view === null ? null : new Map(view.map((index, row) => [index, row]));
  layout();
  if (view !== null && view.length > 0 && !matchSet.has(selected)) select(view[0]);
  else if (selected >= 0) select(selected);
  draw(true);
}
search.addEventListener("input", () => {
  query = search.value.trim().toLowerCase();
  matches = [];
  if (query !== "") {
    const matching = matcher(query);
    for (let i = 0; i < N; i++) if (matching(i)) matches.push(i);
  }
  matchSet = new Set(matches);
  count();
  refilter();
});
const filter = $("filter");
filter.addEventListener("change", () => { filtering = filter.checked; refilter(); });
function count() {
  const at = matches.indexOf(selected);
  $("match-count").textContent = query === "" ? "" : matches.length === 0 ? "no match" :
    (at >= 0 ? at + 1 + " of " : "") + matches.length + (matches.length === 1 ? " match" : " matches");
}
function jump(forward) {
  if (matches.length === 0) return;
  let next;
  if (forward) next = matches.find((i) => i > selected) ?? matches[0];
  else next = [...matches].reverse().find((i) => i < selected) ?? matches[matches.length - 1];
  select(next);
  count();
}

// "Write a test": steps from..to as a TestStore test in the kit's spelling. The store starts
// from the state before the first step; each step is a send (from outside) or a receive (from
// an effect), with its state changes as assignments to the top-level fields they touched
// (the whole state when the root is an enum or changed as a whole). Values are the recording's
// own JSON, read back by `recorded(_:)`, their types inferred where they are used.
function swiftJSON(value) {
  if (isNum(value)) return value[TAG];
  if (Array.isArray(value)) return "[" + value.map(swiftJSON).join(",") + "]";
  if (value !== null && typeof value === "object") {
    return "{" + Object.keys(value).map((k) => JSON.stringify(shown(k)) + ":" +
      swiftJSON(value[k])).join(",") + "}";
  }
  return JSON.stringify(value);
}
// `try recorded(#"…"#)`, with as many #s as the text needs to be read as it is.
function recordedLiteral(value) {
  const json = swiftJSON(value);
  let longest = 0;
  for (const run of json.match(/["\\]#*/g) || []) longest = Math.max(longest, run.length - 1);
  const hashes = "#".repeat(longest + 1);
  return "try recorded(" + hashes + '"' + json + '"' + hashes + ")";
}
function isIdentifier(key) { return /^[A-Za-z_][A-Za-z0-9_]*$/.test(key); }
function writeTest(from, to, feature) {
  const lines = [];
  const first = Math.max(1, Math.min(from, to)), last = Math.min(N, Math.max(from, to));
  const initial = stateAt(first - 2);
  const byField = initial !== null && typeof initial === "object" && !Array.isArray(initial) &&
    !isNum(initial) && Object.keys(initial).length > 1;
  const name = "recordedSteps" + first + (last > first ? "To" + last : "");
  lines.push("// Steps " + first + (last > first ? "–" + last : "") + " of " +
    JSON.stringify(D.title) + ", written by the ReducerKit inspector. Effects run with the");
  lines.push("// test's dependencies: give the store those they use (withDependencies:).");
  lines.push("@MainActor");
  lines.push("@Test func " + name + "() async throws {");
  // NB: in a constant first: `TestStore`'s initial state is an autoclosure that cannot throw.
  lines.push("  let initialState: " + feature + ".State = " + recordedLiteral(initial));
  lines.push("  let store = TestStore(initialState: initialState) {");
  lines.push("    " + feature + "()");
  lines.push("  }");
  for (let index = first - 1; index < last; index++) {
    const step = steps[index];
    const origin = lanes[step.o];
    if (origin === "changed outside") {
      lines.push("  // Step " + (index + 1) + ": a shared value changed outside the reducers.");
      continue;
    }
    const call = origin === "outside" ? "send" : "receive";
    const after = stateAt(index);
    const fields = [...new Set((step.c || []).map((change) => change[1][0]))];
    const whole = !byField || fields.some((key) => key === undefined || !isIdentifier(shown(key)));
    const assignments = fields.length === 0 ? [] : whole
      ? ["$0 = " + recordedLiteral(after)]
      : fields.sort().map((key) => "$0." + shown(key) + " = " + recordedLiteral(after[key]));
    const head = "  await store." + call + "(" + recordedLiteral(step.a) + ")";
    if (assignments.length === 0) { lines.push(head); continue; }
    lines.push(head + " {");
    for (const assignment of assignments) lines.push("    " + assignment);
    lines.push("  }");
  }
  const running = spans.some((span) => span.s <= last && (span.e === undefined || span.e > last));
  if (running) lines.push("  await store.skipInFlightEffects()");
  lines.push("}");
  return lines.join("\n") + "\n";
}
const testFrom = $("test-from"), testTo = $("test-to"), testFeature = $("test-feature");
const testText = $("test-text");
function showTest() {
  if (N === 0 || D.states === "digest") {
    testText.value = N === 0 ? "// The recording has no steps." :
      "// A recording of digests has no states to write a test with.";
  } else {
    testText.value = writeTest(Number(testFrom.value) || 1, Number(testTo.value) || 1,
      testFeature.value.trim() || "Feature");
  }
  testText.classList.add("written");
}
$("test-write").addEventListener("click", showTest);

document.addEventListener("keydown", (event) => {
  if (event.target === search) {
    if (event.key === "Enter") { event.preventDefault(); jump(!event.shiftKey); }
    else if (event.key === "Escape") search.blur();
    return;
  }
  // NB: typing in the test's fields is not a shortcut (a focused checkbox still steps).
  const typing = event.target instanceof HTMLTextAreaElement ||
    (event.target instanceof HTMLInputElement && event.target.type !== "checkbox");
  if (typing) return;
  if (event.metaKey || event.ctrlKey || event.altKey) return;
  switch (event.key) {
    case "ArrowRight": case "ArrowDown": case "j": move(1); break;
    case "ArrowLeft": case "ArrowUp": case "k": move(-1); break;
    case "Home": select(view === null ? 0 : view[0] ?? selected); break;
    case "End": select(view === null ? N - 1 : view[view.length - 1] ?? selected); break;
    case "f": filter.checked = !filter.checked; filtering = filter.checked; refilter(); break;
    case "/": search.focus(); search.select(); break;
    case "n": jump(true); break;
    case "N": jump(false); break;
    case "t": showTest(); break;
    case "g": setGrouped(!grouped); draw(true); break;
    default: return;
  }
  event.preventDefault();
});

draw(true);
const linked = /^#step=(\d+)$/.exec(location.hash);
if (N > 0) select(linked ? Number(linked[1]) - 1 : 0); else details();
document.body.dataset.loadMs = String(Math.round(performance.now() - started));
document.body.dataset.ready = "true";
})();
