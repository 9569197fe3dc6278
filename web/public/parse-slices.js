// Loaded by index.html before its modules (a classic script: the CSP allows no
// inline script). The editors' syntax highlighting parses a big document in the
// background, in slices: where the browser has navigator.scheduling.isInputPending,
// CodeMirror makes each slice up to 100 ms (it stops early only when input is
// pending), so pasting a 3,000-line template meant tasks of 100 and 70 ms. Without
// it CodeMirror parses in idle periods, as long as the browser says it has left,
// here at most 30 ms: every task of the page stays under 50 ms (issue 27,
// defect 15; newcomer.spec.ts measures it).
(() => {
  if (navigator.scheduling && navigator.scheduling.isInputPending) {
    Object.defineProperty(navigator, "scheduling", { value: undefined, configurable: true });
  }
  const idle = window.requestIdleCallback;
  if (idle) {
    window.requestIdleCallback = (callback, options) =>
      idle((deadline) => callback({ didTimeout: deadline.didTimeout, timeRemaining: () => Math.min(deadline.timeRemaining(), 30) }), options);
  }
})();
