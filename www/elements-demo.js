// The elements page (elements.html): each template becomes the live element beside it
// and the code shown beside it, so the two cannot disagree; the knight's events are
// shown as they arrive, by the very listener whose code the page shows.

const script = new URL('elements.js', document.baseURI).href;
document.querySelector('[data-snippet="script"]').textContent = `<script type="module" src="${script}"></script>`;

for (const template of document.querySelectorAll('template[data-demo]')) {
  const kind = template.dataset.demo;
  const code = document.createElement('pre');
  code.dataset.code = kind;
  code.textContent = template.innerHTML.trim();
  template.after(code);
  document.querySelector(`[data-live="${kind}"]`).append(template.content.cloneNode(true));
}

function listen(knight, log) {
  knight.addEventListener('puzzlelab-done', (e) => {
    log.textContent = `puzzlelab-done: ${e.detail.tour.length} squares, ${e.detail.tour.slice(0, 4).join(' ')} …`;
  });
}
const body = listen.toString().split('\n').slice(1, -1).map((line) => line.slice(2)).join('\n');
document.querySelector('[data-snippet="listen"]').textContent =
  `const knight = document.querySelector('puzzlelab-knight');\nconst log = document.querySelector('output');\n${body}`;
listen(document.querySelector('[data-live="knight"] > puzzlelab-knight'), document.querySelector('[data-events="knight"]'));

await import('./elements.js');
