const SAFE_PROTOCOL = /^(https?|mailto|tel):/i;
const RASTER_DATA = /^data:image\/(png|jpe?g|gif|webp|bmp|avif);base64,[a-z0-9+/=\s]+$/i;

/**
 * URLs a model reply may carry (react-markdown `urlTransform`): http(s), mailto, tel and relative
 * links; for images also data: URLs of raster types (never SVG, which can carry script).
 * Anything else (javascript:, vbscript:, data:text/html …) becomes empty.
 */
export function safeUrl(url: string, key: string, tagName?: string): string {
  const value = url.trim();
  if (key === 'src' && tagName === 'img' && value.toLowerCase().startsWith('data:')) return RASTER_DATA.test(value) ? value : '';
  const colon = value.indexOf(':');
  if (colon === -1) return value;
  const slash = value.search(/[/?#]/);
  // A colon after the first / ? # is part of a relative path, not a protocol.
  if (slash !== -1 && colon > slash) return value;
  return SAFE_PROTOCOL.test(value) ? value : '';
}

/**
 * Whether a reply's image may be loaded by the browser: raster data: URLs, this site's own images
 * and https images on the hosts the server allows (website.image_hosts, the CSP's img-src). Any
 * other host would learn who reads the reply (and when), so it is shown as a link instead.
 */
export function imageAllowed(src: string, allowHosts: readonly string[], origin = location.origin): boolean {
  if (src.toLowerCase().startsWith('data:')) return RASTER_DATA.test(src);
  let url: URL;
  try {
    url = new URL(src, origin);
  } catch {
    return false;
  }
  if (url.origin === origin) return true;
  return url.protocol === 'https:' && allowHosts.includes(url.host.toLowerCase());
}
