import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { THEME_COLOR } from '../../common/constants.ts';
import { drawIcon, ICONS } from '../../scripts/icons.ts';

const read = (path: string) => readFileSync(new URL(`../../public/${path}`, import.meta.url));

describe('the installable app', () => {
  it('has the icons scripts/icons.ts draws, committed as drawn', () => {
    for (const [file, options] of Object.entries(ICONS)) {
      expect(Buffer.from(drawIcon(options)).equals(read(`icons/${file}`)), file).toBe(true);
    }
  });

  it('names PNG icons of 192 and 512 pixels and a maskable one, in the one theme colour', () => {
    const manifest = JSON.parse(read('manifest.webmanifest').toString('utf8')) as {
      theme_color: string;
      icons: { src: string; sizes: string; purpose: string }[];
    };
    expect(manifest.theme_color).toBe(THEME_COLOR);
    const icons = manifest.icons.map(({ src, sizes, purpose }) => `${src} ${sizes} ${purpose}`);
    expect(icons).toEqual(
      expect.arrayContaining([
        '/icons/icon-192.png 192x192 any',
        '/icons/icon-512.png 512x512 any',
        '/icons/icon-maskable-512.png 512x512 maskable',
      ]),
    );
    for (const icon of manifest.icons.filter(({ src }) => src.endsWith('.png'))) {
      const png = read(icon.src.slice(1));
      expect(`${png.readUInt32BE(16)}x${png.readUInt32BE(20)}`).toBe(icon.sizes);
    }
  });
});
