/** Draws the invite poster: the site's name, who invites, the QR code of the link; returns a PNG data URL. */
export function drawPoster(opts: { siteName: string; title: string; scan: string; code: string; qr: HTMLCanvasElement }): string {
  const w = 720;
  const h = 1080;
  const canvas = document.createElement('canvas');
  canvas.width = w;
  canvas.height = h;
  const g = canvas.getContext('2d');
  if (!g) throw new Error('canvas 2d is not available');
  const bg = g.createLinearGradient(0, 0, w, h);
  bg.addColorStop(0, '#4f46e5');
  bg.addColorStop(1, '#7c3aed');
  g.fillStyle = bg;
  g.fillRect(0, 0, w, h);
  g.fillStyle = 'rgba(255,255,255,0.08)';
  g.beginPath();
  g.arc(w - 60, 120, 220, 0, Math.PI * 2);
  g.fill();
  const font = '"PingFang SC","Microsoft YaHei","WenQuanYi Zen Hei",sans-serif';
  g.fillStyle = '#fff';
  g.textAlign = 'center';
  g.font = `600 56px ${font}`;
  g.fillText(opts.siteName, w / 2, 210);
  g.font = `400 34px ${font}`;
  g.fillText(opts.title, w / 2, 290);
  // The card with the QR code.
  const card = { x: 110, y: 380, w: 500, h: 580 };
  g.fillStyle = '#fff';
  g.beginPath();
  g.roundRect(card.x, card.y, card.w, card.h, 36);
  g.fill();
  g.drawImage(opts.qr, card.x + 70, card.y + 60, 360, 360);
  g.fillStyle = '#1f2937';
  g.font = `500 30px ${font}`;
  g.fillText(opts.scan, w / 2, card.y + 480);
  g.fillStyle = '#6b7280';
  g.font = `400 26px ${font}`;
  g.fillText(opts.code, w / 2, card.y + 530);
  return canvas.toDataURL('image/png');
}
