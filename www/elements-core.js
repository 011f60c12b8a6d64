// The PuzzleLab elements themselves (<puzzlelab-knight> …), whoever loads the app: the
// site's one-script-tag `elements.js`, or the npm package's `puzzlelab/elements`. Each
// element's attributes are its workbench's link keys; see elements.js for the contract.
// Only a browser imports this file (it extends HTMLElement).

const KINDS = ['knight', 'queens', 'cube', 'rubik', 'count'];

/** Attributes that are the element's own, not link keys. */
const OWN = /^(theme|compact|class|id|style|slot|hidden|tabindex|title|lang|dir|role|data-.*|aria-.*)$/;
const NARROW = 500;
const WIDE = 900;

/**
 * Defines the elements. `load()` resolves, once, to `{ mount(kind, container, query,
 * onReport), sheet }`: the app's mount and one stylesheet for every shadow root. `site`
 * (a URL, or a function giving one) makes the `link` property absolute; without it the
 * link is the app's hash.
 */
export function defineElements({ load, site = null }) {
  let loading;
  const loaded = () => (loading ??= load());
  for (const kind of KINDS) {
    const name = `puzzlelab-${kind}`;
    if (!customElements.get(name)) {
      customElements.define(name, class extends PuzzleLabElement {
        static kind = kind;
        static load = loaded;
        static site = site;
      });
    }
  }
}

/** One stylesheet for the shadow roots, from the app's CSS files' texts. */
export function shadowSheet(texts) {
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(texts.map(forShadow).join('\n'));
  return sheet;
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

  /** The app's link to the state shown (null before the workbench has opened): on the
   * site the elements came from, or the app's hash when they came from a package. */
  get link() {
    if (!this.#report) return null;
    const { site } = this.constructor;
    const base = typeof site === 'function' ? site() : site;
    return base ? new URL(this.#report.link, base).href : this.#report.link;
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
    this.constructor.load().then(({ mount, sheet }) => {
      if (!this.isConnected || this.#mounted) return;
      this.shadowRoot.adoptedStyleSheets = [sheet];
      this.#container.removeAttribute('data-loading');
      const onReport = (json) => this.#reported(JSON.parse(json));
      this.#mounted = mount(this.kind, this.#container, query(this), onReport);
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
