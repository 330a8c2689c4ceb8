'use strict';
// Headless Chromium driven over the DevTools protocol on a pipe (--remote-debugging-pipe): the
// browser reads commands on its file descriptor 3 and writes answers and events on its descriptor 4,
// each message one JSON text followed by a NUL byte. No port is opened and no npm package is used.
//
// The browser runs in its own process group with a fresh temporary profile; stop() (and any exit of
// this process) kills the whole group and removes the profile. Chromium also exits by itself when
// its end of the pipe closes, so it does not outlive an adapter that was killed outright.

const { spawn } = require('child_process');
const fs = require('fs');
const os = require('os');
const path = require('path');

/** The Chromium binary: $CONCORD_CHROMIUM, else Debian's /usr/lib/chromium/chromium, else chromium on PATH. */
function findChromium(env = process.env) {
  if (env.CONCORD_CHROMIUM) return env.CONCORD_CHROMIUM;
  const candidates = ['/usr/lib/chromium/chromium'];
  for (const dir of (env.PATH || '/usr/local/bin:/usr/bin:/bin').split(':')) {
    for (const name of ['chromium', 'chromium-browser']) candidates.push(path.join(dir, name));
  }
  for (const c of candidates) {
    try {
      fs.accessSync(c, fs.constants.X_OK);
      if (fs.statSync(c).isFile()) return c;
    } catch (e) {
      // not this one
    }
  }
  return null;
}

const FLAGS = [
  '--headless',
  '--remote-debugging-pipe',
  '--no-sandbox', // the adapter may run as root (CI containers); the page loads nothing but about:blank
  '--disable-gpu',
  '--no-first-run',
  '--no-default-browser-check',
  '--disable-extensions',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-default-apps',
  '--disable-domain-reliability',
  '--no-pings',
  '--mute-audio',
  '--disable-breakpad',
  '--disable-crash-reporter',
  // Any network request the browser would still attempt goes to a closed local port.
  '--proxy-server=127.0.0.1:9',
  '--proxy-bypass-list=<-loopback>',
];

class Chromium {
  constructor(binary, log) {
    this.binary = binary;
    this.log = log;
    this.nextId = 1;
    this.waiting = new Map();
    this.buffered = [];
    this.closed = null; // the reason, once the browser is gone
    this.stopped = false;
  }

  /** Starts the browser and opens one page; resolves to this once the page answers. */
  async start() {
    this.profile = fs.mkdtempSync(path.join(os.tmpdir(), 'concord-webcrypto-'));
    this.child = spawn(this.binary, [...FLAGS, `--user-data-dir=${this.profile}`, 'about:blank'], {
      stdio: ['ignore', 'ignore', 'pipe', 'pipe', 'pipe'],
      detached: true, // its own process group, killed as a whole
      // Whatever the browser writes outside --user-data-dir (crash database, caches) lands in the
      // temporary profile too, and is removed with it.
      env: { ...process.env, HOME: this.profile, XDG_CONFIG_HOME: this.profile, XDG_CACHE_HOME: this.profile },
    });
    const stopOnExit = () => this.kill();
    process.once('exit', stopOnExit);
    this.child.on('error', (e) => this.fail(`Chromium could not start (${this.binary}): ${e.message}`));
    this.child.on('exit', (code, signal) => this.fail(`Chromium exited (${signal ? 'signal ' + signal : 'status ' + code})`));
    this.stderrTail = '';
    this.child.stderr.on('data', (d) => {
      // Its last words, without the D-Bus complaints of a machine without a session bus.
      const lines = d.toString('utf8').split('\n').filter((l) => !/dbus|DBus/.test(l));
      this.stderrTail = (this.stderrTail + lines.join('\n')).slice(-4000);
    });
    this.toBrowser = this.child.stdio[3];
    this.fromBrowser = this.child.stdio[4];
    this.toBrowser.on('error', (e) => this.fail(`writing to Chromium failed: ${e.message}`));
    this.fromBrowser.on('data', (chunk) => this.receive(chunk));
    this.fromBrowser.on('end', () => this.fail('Chromium closed the DevTools pipe'));

    fs.writeFileSync(path.join(this.profile, 'concord.html'), '<!doctype html><title>concord webcrypto</title>');
    const { targetId } = await this.send('Target.createTarget', { url: 'file://' + path.join(this.profile, 'concord.html') });
    const { sessionId } = await this.send('Target.attachToTarget', { targetId, flatten: true });
    this.session = sessionId;
    return this;
  }

  receive(chunk) {
    let start = 0;
    for (;;) {
      const nul = chunk.indexOf(0, start);
      if (nul === -1) {
        if (start < chunk.length) this.buffered.push(chunk.subarray(start));
        return;
      }
      this.buffered.push(chunk.subarray(start, nul));
      const text = Buffer.concat(this.buffered).toString('utf8');
      this.buffered = [];
      start = nul + 1;
      let message;
      try {
        message = JSON.parse(text);
      } catch (e) {
        this.log(`Chromium sent a message that is not JSON: ${text.slice(0, 200)}`);
        continue;
      }
      if (message.id === undefined) continue; // an event
      const w = this.waiting.get(message.id);
      if (!w) continue;
      this.waiting.delete(message.id);
      if (message.error) w.reject(new Error(`DevTools ${w.method}: ${message.error.message} (${message.error.code})`));
      else w.resolve(message.result);
    }
  }

  fail(reason) {
    if (this.closed) return;
    this.closed = this.stopped ? reason : `${reason}${this.stderrTail ? '; its last words: ' + this.stderrTail.trim().slice(-600) : ''}`;
    for (const w of this.waiting.values()) w.reject(new Error(this.closed));
    this.waiting.clear();
  }

  /** One DevTools command (on the page's session once start() attached it); resolves to its result. */
  send(method, params = {}, session = this.session) {
    if (this.closed) return Promise.reject(new Error(this.closed));
    const id = this.nextId++;
    const message = { id, method, params };
    if (session) message.sessionId = session;
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { resolve, reject, method });
      this.toBrowser.write(JSON.stringify(message) + '\0');
    });
  }

  /**
   * Evaluates an expression in the page, awaiting a Promise it yields; resolves to the value
   * (returned by value, so it must be JSON-like). An exception in the page rejects.
   */
  async evaluate(expression) {
    const r = await this.send('Runtime.evaluate', { expression, awaitPromise: true, returnByValue: true });
    if (r.exceptionDetails) {
      const d = r.exceptionDetails;
      throw new Error(`the page threw: ${(d.exception && d.exception.description) || d.text}`);
    }
    return r.result.value;
  }

  /** The browser's product string, e.g. "HeadlessChrome/156.0.8078.114". */
  async product() {
    const v = await this.send('Browser.getVersion', {}, null);
    return v.product;
  }

  /** Kills the browser's process group and removes the profile (synchronous; safe to call twice). */
  kill() {
    this.stopped = true;
    if (this.child && this.child.pid) {
      try { // the whole group: the browser's renderer and helper processes may outlive the browser process
        process.kill(-this.child.pid, 'SIGKILL');
      } catch (e) {
        // already gone
      }
    }
    if (this.profile) {
      // The folder of the browser's singleton socket (org.chromium.Chromium.XXXXXX in the temporary
      // folder, not in the profile), which a killed browser never removes: the profile's
      // SingletonSocket link names it. Only a folder of that name beside the profile is removed.
      try {
        const socket = fs.readlinkSync(path.join(this.profile, 'SingletonSocket'));
        const folder = path.dirname(socket);
        if (path.dirname(folder) === path.dirname(this.profile) && /^org\.chromium\.Chromium\.[A-Za-z0-9]+$/.test(path.basename(folder))) {
          fs.rmSync(folder, { recursive: true, force: true });
        }
      } catch (e) {
        // no link: the browser never got as far
      }
      try {
        fs.rmSync(this.profile, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 });
      } catch (e) {
        this.log(`could not remove the profile ${this.profile}: ${e.message}`);
      }
      this.profile = null;
    }
  }
}

module.exports = { Chromium, findChromium, FLAGS };
