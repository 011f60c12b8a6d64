// PuzzleLab's elements, for any page, with one script tag:
//
//   <script type="module" src="https://…/elements.js"></script>
//   <puzzlelab-knight board="8x8" start="a1" tie="roth"></puzzlelab-knight>
//
// <puzzlelab-knight>, <puzzlelab-queens>, <puzzlelab-cube> (pocket cube), <puzzlelab-rubik>
// and <puzzlelab-count>. An element's attributes are the keys of its workbench's link
// (docs/contracts.md), read as a link is: a bad value shows the message a bad link shows
// and opens sane defaults. A changed attribute opens the workbench afresh at once. Its own
// attributes: theme="dark|light" (otherwise the system's), compact (otherwise compact
// under 500 px wide). Property `link`: the app's link to the state shown. Events
// (bubbling, composed): `puzzlelab-step` ({ step, status, link }) and `puzzlelab-done`
// ({ status, link, …the result: tour, placement or solution }).
//
// The app's module and wasm (the build beside this file, names as its index.html gives
// them) are fetched when the first element connects; the elements share its workers.

const BASE = new URL('./', import.meta.url);
const KINDS = ['knight', 'queens', 'cube', 'rubik', 'count'];
/** Attributes that are the element's own, not link keys. */
const OWN = /^(theme|compact|class|id|style|slot|hidden|tabindex|title|lang|dir|role|data-.*|aria-.*)$/;
const NARROW = 500;
const WIDE = 900;

let loading;

/** The app's module (initialised) and one stylesheet for every shadow root. */
function load() {
  loading ??= (async () => {
    const index = new URL('index.html', BASE);
    const html = await (await fetch(index)).text();
    const js = html.match(/from '([^']+\.js)'/)?.[1];
    const wasm = html.match(/module_or_path: '([^']+\.wasm)'/)?.[1];
    if (!js || !wasm) throw new Error(`PuzzleLab: ${index} names no app module`);
    const css = [...html.matchAll(/<link rel="stylesheet" href="([^"]+\.css)"/g)].map((m) => new URL(m[1], index));
    const [module, texts] = await Promise.all([
      import(new URL(js, index).href),
      Promise.all(css.map(async (url) => (await fetch(url)).text())),
    ]);
    await module.default({ module_or_path: new URL(wasm, index) });
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(texts.map(forShadow).join('\n'));
    return { module, sheet };
  })();
  return loading;
}

/** The app's CSS read inside a shadow root: the document's root is the element. */
function forShadow(css) {
  return css
    .replace(/:root\[data-theme="(\w+)"\]/g, ':host([theme="$1"])')
    .replace(/:root:not\(\[data-theme="(\w+)"\]\)/g, ':host(:not([theme="$1"]))')
    .replace(/:root/g, ':host')
    .replace(/(^|[}\s,])body(?=\s*[{,])/g, '$1.pl-root');
}

/** The element's link keys as a link's query (values escaped, so they arrive as typed). */
function query(element) {
  return [...element.attributes]
    .filter((a) => !OWN.test(a.name))
    .map((a) => `${encodeURIComponent(a.name)}=${encodeURIComponent(a.value)}`)
    .join('&');
}

class PuzzleLabElement extends HTMLElement {
  #mounted = null;
  #report = null;
  #container;
  #watch;
  #resize;

  constructor() {
    super();
    const root = this.attachShadow({ mode: 'open' });
    this.#container = document.createElement('div');
    this.#container.className = 'pl-root';
    this.#container.setAttribute('data-loading', 'true');
    root.append(this.#container);
  }

  /** The workbench this element holds (knight, queens, cube, rubik, count). */
  get kind() {
    return this.constructor.kind;
  }

  /** The app's link to the state shown (null before the workbench has opened). */
  get link() {
    return this.#report ? new URL(this.#report.link, BASE).href : null;
  }

  /** What the workbench last reported: { status, step, result, link }. */
  get report() {
    return this.#report;
  }

  connectedCallback() {
    this.#layout();
    this.#resize ??= new ResizeObserver(() => this.#layout());
    this.#resize.observe(this);
    // Every attribute is a link key, so all are watched (not a fixed list).
    this.#watch ??= new MutationObserver(() => this.#changed());
    this.#watch.observe(this, { attributes: true });
    if (this.#mounted) return;
    load().then(({ module, sheet }) => {
      if (!this.isConnected || this.#mounted) return;
      this.shadowRoot.adoptedStyleSheets = [sheet];
      this.#container.removeAttribute('data-loading');
      const onReport = (json) => this.#reported(JSON.parse(json));
      this.#mounted = module.mount(this.kind, this.#container, query(this), onReport, BASE.href);
    }).catch((error) => {
      this.#container.textContent = `PuzzleLab could not load: ${error.message}`;
      this.#container.setAttribute('role', 'alert');
    });
  }

  disconnectedCallback() {
    this.#watch?.disconnect();
    this.#resize?.disconnect();
    this.#mounted?.unmount();
    this.#mounted?.free();
    this.#mounted = null;
    this.#report = null;
  }

  #changed() {
    this.#layout();
    this.#mounted?.setLink(query(this));
  }

  /** compact (asked, or under 500 px), medium or full: by the element's own width. */
  #layout() {
    const width = this.getBoundingClientRect().width || this.clientWidth;
    const layout = this.hasAttribute('compact') || width < NARROW ? 'compact' : width < WIDE ? 'medium' : 'full';
    if (this.dataset.layout !== layout) this.dataset.layout = layout;
  }

  #reported(report) {
    const before = this.#report;
    this.#report = report;
    const link = this.link;
    if (report.step !== null && report.step !== before?.step) {
      this.#emit('puzzlelab-step', { step: report.step, status: report.status, link });
    }
    const result = JSON.stringify(report.result);
    if (report.result !== null && result !== JSON.stringify(before?.result ?? null)) {
      this.#emit('puzzlelab-done', { ...report.result, status: report.status, link });
    }
  }

  #emit(type, detail) {
    this.dispatchEvent(new CustomEvent(type, { detail, bubbles: true, composed: true }));
  }
}

for (const kind of KINDS) {
  const name = `puzzlelab-${kind}`;
  if (!customElements.get(name)) {
    customElements.define(name, class extends PuzzleLabElement {
      static kind = kind;
    });
  }
}
