'use strict';
// What runs inside the browser page: one function per operation, each calling crypto.subtle only,
// with byte strings passed in and out as lowercase hex. pageSource() is evaluated once in the page;
// call() evaluates `concordWebCrypto(name, args)` with Runtime.evaluate (awaitPromise, returnByValue)
// and resolves to the operation's result, or rejects with a PageError naming the step that failed
// (importKey, encrypt, decrypt, deriveBits) and the DOMException's name and message.

/* The page's hex decoder, by the rule of docs/vector-format.md ("Encodings": an even number of ASCII
   0-9 a-f A-F, nothing else); turned into source text and handed to installInPage, so it uses nothing
   from this module's scope. Exported too, so that node can hold it to the table of hostile spellings
   (Tests/Fixtures/encodings/hostile-spellings.json, adapters/node/check-encodings.js). */
function pageHexDecode(h) {
  if (typeof h !== 'string') throw new TypeError('hex: expected a string');
  for (let i = 0; i < h.length; i++) {
    const c = h.charCodeAt(i);
    if (!((c >= 0x30 && c <= 0x39) || (c >= 0x61 && c <= 0x66) || (c >= 0x41 && c <= 0x46))) {
      throw new TypeError(`hex: character ${i} is not a hex digit`);
    }
  }
  if (h.length % 2 !== 0) throw new TypeError(`hex: odd number of digits (${h.length})`);
  const b = new Uint8Array(h.length / 2);
  for (let i = 0; i < b.length; i++) b[i] = parseInt(h.substr(2 * i, 2), 16);
  return b;
}

/* The page-side code. It is turned into source text with Function.prototype.toString, so it must not
   use anything from this Node module's scope; fromHex is pageHexDecode's source, passed in. */
function installInPage(fromHex) {
  const toHex = (buf) => Array.from(new Uint8Array(buf), (x) => x.toString(16).padStart(2, '0')).join('');
  async function step(name, f) {
    try {
      return await f();
    } catch (e) {
      throw { step: name, name: (e && e.name) || 'Error', message: String((e && e.message) || e) };
    }
  }
  const subtle = crypto.subtle;
  const ops = {
    async aesGcmSeal(a) {
      const key = await step('importKey', () => subtle.importKey('raw', fromHex(a.key), 'AES-GCM', false, ['encrypt']));
      const sealed = await step('encrypt', () => subtle.encrypt(
        { name: 'AES-GCM', iv: fromHex(a.nonce), additionalData: fromHex(a.aad), tagLength: 128 }, key, fromHex(a.plaintext)));
      return { sealed: toHex(sealed) };
    },
    async aesGcmOpen(a) {
      const key = await step('importKey', () => subtle.importKey('raw', fromHex(a.key), 'AES-GCM', false, ['decrypt']));
      const plaintext = await step('decrypt', () => subtle.decrypt(
        { name: 'AES-GCM', iv: fromHex(a.nonce), additionalData: fromHex(a.aad), tagLength: 128 }, key, fromHex(a.sealed)));
      return { plaintext: toHex(plaintext) };
    },
    async hkdf(a) {
      const key = await step('importKey', () => subtle.importKey('raw', fromHex(a.ikm), 'HKDF', false, ['deriveBits']));
      const okm = await step('deriveBits', () => subtle.deriveBits(
        { name: 'HKDF', hash: a.hash, salt: fromHex(a.salt), info: fromHex(a.info) }, key, a.bits));
      return { okm: toHex(okm) };
    },
    // The private key as PKCS#8 (Web Crypto has no raw private EC import); the public key as a raw
    // SEC1 point, or as a JWK {kty, crv, x, y} when `publicJwk` is given.
    async ecdh(a) {
      const curve = { name: 'ECDH', namedCurve: a.curve };
      const priv = await step('importPrivate', () => subtle.importKey('pkcs8', fromHex(a.pkcs8), curve, false, ['deriveBits']));
      const pub = await step('importPublic', () => (a.publicJwk
        ? subtle.importKey('jwk', a.publicJwk, curve, false, [])
        : subtle.importKey('raw', fromHex(a.publicRaw), curve, false, [])));
      const shared = await step('deriveBits', () => subtle.deriveBits({ name: 'ECDH', public: pub }, priv, a.bits));
      return { shared: toHex(shared) };
    },
  };
  globalThis.concordWebCrypto = async (name, args) => {
    try {
      return { ok: await ops[name](args) };
    } catch (e) {
      if (e && e.step) return { error: e };
      return { error: { step: 'page', name: (e && e.name) || 'Error', message: String((e && e.message) || e) } };
    }
  };
  return typeof crypto.subtle === 'object' && isSecureContext;
}

class PageError extends Error {
  constructor({ step, name, message }) {
    super(`${step}: ${name}${message ? ': ' + message : ''}`);
    this.name = 'PageError';
    this.step = step;
    this.domName = name;
    this.domMessage = message;
  }
}

class Page {
  constructor(browser, maxInFlight) {
    this.browser = browser;
    this.maxInFlight = maxInFlight;
    this.inFlight = 0;
    this.queue = [];
  }

  /** Installs the page functions, waiting (up to 10 s) for the page to be a secure context with crypto.subtle. */
  async install() {
    const deadline = Date.now() + 10000;
    for (;;) {
      let ready = false;
      try {
        ready = await this.browser.evaluate(`(${installInPage.toString()})(${pageHexDecode.toString()})`);
      } catch (e) {
        if (Date.now() > deadline) throw e;
      }
      if (ready === true) return;
      if (Date.now() > deadline) throw new Error('the page never became a secure context with crypto.subtle');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  /** Runs one page operation; resolves to its result or rejects with a PageError. */
  async call(name, args) {
    if (this.inFlight >= this.maxInFlight) await new Promise((resolve) => this.queue.push(resolve));
    this.inFlight++;
    try {
      const r = await this.browser.evaluate(`concordWebCrypto(${JSON.stringify(name)}, ${JSON.stringify(args)})`);
      if (!r || (r.ok === undefined && r.error === undefined)) throw new Error(`the page answered ${JSON.stringify(r)}`);
      if (r.error) throw new PageError(r.error);
      return r.ok;
    } finally {
      this.inFlight--;
      const next = this.queue.shift();
      if (next) next();
    }
  }
}

module.exports = { Page, PageError, pageHexDecode };
