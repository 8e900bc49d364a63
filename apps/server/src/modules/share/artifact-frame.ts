/**
 * The page a code block's 预览 runs in. The web app frames it with sandbox="allow-scripts" (no
 * same origin: an opaque origin without cookies or storage) and posts the markup to it; this
 * page writes it into itself once. It has its own policy rather than the app's, so the preview's
 * inline scripts run, while nothing in it can reach the network or be framed by another site.
 */
export const ARTIFACT_FRAME_CSP =
  "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; img-src data: blob:; font-src data:; media-src data: blob:; connect-src 'none'; form-action 'none'; base-uri 'none'; frame-ancestors 'self'";

export const ARTIFACT_FRAME_HTML = `<!doctype html><html><head><meta charset="utf-8"><title>预览</title></head><body><script>
(function () {
  var done = false;
  addEventListener('message', function (e) {
    if (done || e.source !== parent || !e.data || typeof e.data.html !== 'string') return;
    done = true;
    document.open();
    document.write(e.data.html);
    document.close();
  });
  parent.postMessage({ artifactFrame: 'ready' }, '*');
})();
</script></body></html>`;
