import { expect, test, type Page } from '@playwright/test';

import { presetLanguage } from './support';

/**
 * The add-to-cart and wishlist buttons on every product card draw their icon with enough
 * contrast against their own disc (WCAG 1.4.11 asks 3:1 for the parts of a control), whatever
 * the cover behind a translucent disc is: the disc is composited over black and over white.
 * (A light disc under the theme's light text once made both icons invisible.)
 */
interface Contrast {
  label: string;
  worst: number;
}

async function cardButtonContrasts(page: Page): Promise<Contrast[]> {
  return page.evaluate(() => {
    type Rgba = [number, number, number, number];
    const parse = (value: string): Rgba => {
      const parts = value.match(/[\d.]+/g)?.map(Number) ?? [];
      const [r = 0, g = 0, b = 0, a = 1] = parts;
      return [r, g, b, a];
    };
    const over = ([r, g, b, a]: Rgba, [br, bg, bb]: Rgba): Rgba => [
      r * a + br * (1 - a),
      g * a + bg * (1 - a),
      b * a + bb * (1 - a),
      1,
    ];
    const luminance = ([r, g, b]: Rgba): number => {
      const channel = (value: number): number => {
        const c = value / 255;
        return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
      };
      return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
    };
    const ratio = (x: Rgba, y: Rgba): number => {
      const [light, dark] = [luminance(x), luminance(y)].sort((a, b) => b - a) as [number, number];
      return (light + 0.05) / (dark + 0.05);
    };
    const backdrops: Rgba[] = [
      [0, 0, 0, 1],
      [255, 255, 255, 1],
    ];
    const buttons = Array.from(
      document.querySelectorAll<HTMLElement>('[data-testid="product-card"] button'),
    );
    return buttons.map((button) => {
      const icon = button.querySelector('svg');
      const disc = parse(getComputedStyle(button).backgroundColor);
      const stroke = parse(icon ? getComputedStyle(icon).stroke : 'rgba(0,0,0,0)');
      const worst = Math.min(
        ...backdrops.map((backdrop) => {
          const ground = over(disc, backdrop);
          return ratio(over(stroke, ground), ground);
        }),
      );
      return { label: button.getAttribute('aria-label') ?? button.textContent, worst };
    });
  });
}

for (const language of ['en-US', 'ja']) {
  for (const path of ['/', '/games']) {
    test(`card buttons are visible on ${path} in ${language}`, async ({ page }) => {
      await presetLanguage(page, language);
      await page.goto(path);
      const cards = page.getByTestId('product-card');
      await expect(cards.first()).toBeVisible();
      await expect(cards.first().getByRole('button').first()).toBeVisible();
      const contrasts = await cardButtonContrasts(page);
      expect(contrasts.length).toBeGreaterThan(2);
      for (const contrast of contrasts) {
        expect(contrast.worst, contrast.label).toBeGreaterThanOrEqual(3);
      }
    });
  }
}
