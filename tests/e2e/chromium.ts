// The Chromium launch options of every Playwright config (one definition, shared with bench/lib.mjs).
export { chromiumLaunchOptions } from './chromium-launch.mjs';
