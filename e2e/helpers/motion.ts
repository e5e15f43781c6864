// Waiting out the motion of antd popups before clicking into them. Under load a popup can still be
// zooming in, or be re-aligned to its trigger a frame after it first shows: a click aimed at where an
// entry was lands beside it (on the trigger, or the page) and is lost.
import { expect, type Locator } from '@playwright/test';

/** Resolves once `target` is shown and its box has not moved for two reads 100 ms apart. */
export async function steady(target: Locator): Promise<Locator> {
  await expect(target).toBeVisible();
  let last = '';
  await expect
    .poll(
      async () => {
        const box = JSON.stringify(await target.boundingBox());
        const same = box === last;
        last = box;
        return same;
      },
      { intervals: [100] },
    )
    .toBe(true);
  return target;
}

/** Waits until a modal is shown and has finished its zoom-in (and stands still). */
export async function opened(dialog: Locator): Promise<Locator> {
  await expect(dialog).toBeVisible();
  await expect(dialog).not.toHaveClass(/zoom-(appear|enter)/);
  return steady(dialog);
}
