// Offline once loaded: the page's files are cached at install, then served from the cache
// first (the network refreshes the cache when it answers).
const CACHE = 'sudoku-page-v1';
const FILES = ['./', 'index.html', 'style.css', 'app.js', 'worker.js', 'pkg/index.js', 'pkg/pkg/sudoku_wasm.js', 'pkg/pkg/sudoku_wasm_bg.wasm'];

self.addEventListener('install', (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(FILES)));
});

self.addEventListener('fetch', (event) => {
  if (event.request.method !== 'GET') return;
  event.respondWith(
    caches.match(event.request).then((hit) => {
      const fresh = fetch(event.request)
        .then((response) => {
          if (response.ok) {
            const copy = response.clone();
            caches.open(CACHE).then((cache) => cache.put(event.request, copy));
          }
          return response;
        })
        .catch(() => hit);
      return hit || fresh;
    }),
  );
});
