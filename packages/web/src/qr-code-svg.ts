import QRCode from 'qrcode';
import { type Html, raw } from './html.js';

/**
 * A QR code of `text` as inline SVG (no script, no image request, nothing the page's policy must
 * allow). Error correction M, the level authenticator apps' own set-up screens use.
 */
export async function qrCodeSvg(text: string, label: string): Promise<Html> {
  const svg = await QRCode.toString(text, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  // The library's SVG is ours to trust (it encodes the text as paths); the label names it for
  // screen readers, escaped by hand since it goes into the markup raw.
  const named = svg.replace(
    '<svg ',
    `<svg role="img" aria-label="${label.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)}" class="qr-code" `,
  );
  return raw(named);
}
