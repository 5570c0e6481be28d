// Debian's headless Chromium as the browser tests launch it (Playwright's playwright-core,
// no browser download; $CHROMIUM elsewhere): the flags keep it off this machine's closed
// network.
import { chromium } from "playwright-core";

export function launchChromium() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
      "--disable-background-networking", "--disable-component-update", "--disable-sync"],
  });
}
