'use strict';
// The Concord webcrypto adapter: Web Crypto (crypto.subtle) inside headless Chromium, whose
// cryptography is BoringSSL, behind the line protocol of docs/adapters.md. Run:
//
//   node adapters/webcrypto/main.js
//
// Takes no arguments. Starts Chromium once (chromium.js: --headless --remote-debugging-pipe, a
// temporary profile, its own process group), opens one page, writes the handshake, then answers each
// request by evaluating a crypto.subtle call in that page. At end of input it answers what it has
// read, kills Chromium's process group (nothing of the browser's is kept: a graceful Browser.close
// only added 0.1 s to the end of every run), removes the profile and exits 0. SIGTERM, SIGINT and
// SIGHUP stop Chromium too.
// CONCORD_ADAPTER_THREADS (1..9999, default 8) bounds the calls in flight in the page.
// CONCORD_CHROMIUM names the browser binary. See docs/web-adapters.md.

const transport = require('../node/wire/transport');

transport.guardStdout();
const PREFIX = 'concord webcrypto adapter';
if (process.argv.length > 2) {
  process.stderr.write(`${PREFIX}: takes no arguments\n`);
  process.exit(2);
}
const inFlight = transport.threadSetting(PREFIX, 8);

const { handshake } = require('../node/wire/protocol');
const { Chromium, findChromium } = require('./wire/chromium');
const { Page } = require('./wire/page');
const makeSuites = require('./suites');

const log = (m) => process.stderr.write(`${PREFIX}: ${m}\n`);

async function main() {
  const binary = findChromium();
  if (!binary) {
    log('Chromium is not installed (no chromium on PATH, no /usr/lib/chromium/chromium): run scripts/setup --browser');
    process.exit(1);
  }
  const browser = new Chromium(binary, log);
  for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP']) {
    process.on(signal, () => {
      browser.kill();
      process.exit(1);
    });
  }
  let product;
  try {
    await browser.start();
    const page = new Page(browser, inFlight);
    await page.install();
    product = await browser.product();
    const suites = makeSuites(page);
    const version = `Chromium ${product.replace(/^[A-Za-z]+\//, '')} Web Crypto (BoringSSL), headless, driven by Node.js ${process.versions.node}`;
    transport.serve({ prefix: PREFIX, hello: handshake('webcrypto', version, suites), suites, onEnd: () => browser.kill() });
  } catch (e) {
    log(`could not start Chromium (${binary}): ${e.message}`);
    browser.kill();
    process.exit(1);
  }
}

main();
