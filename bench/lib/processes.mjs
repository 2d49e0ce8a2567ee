// Every process the bench starts goes through here, so every one of them is stopped at the end,
// on an error, on Ctrl-C and on the watchdog alike.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';

const running = new Set();

/**
 * Starts `command` in its own process group (so stopping it takes its children along) and keeps
 * the tail of its output for error messages.
 */
export function start(name, command, args, { env = process.env, cwd, collectStdout = false } = {}) {
  const child = spawn(command, args, { env, cwd, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  let stdout = '';
  const keep = (chunk) => {
    output = (output + chunk.toString()).slice(-8000);
  };
  child.stdout.on('data', keep);
  if (collectStdout) child.stdout.on('data', (chunk) => (stdout += chunk.toString()));
  child.stderr.on('data', keep);
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  const drained = new Promise((resolve) => child.stdout.once('close', resolve));
  let hasExited = false;
  exited.then(() => {
    hasExited = true;
    running.delete(handle);
  });
  const handle = {
    name,
    pid: child.pid,
    exited,
    drained,
    get hasExited() {
      return hasExited;
    },
    output: () => output,
    stdout: () => stdout,
    /** Resolves with the first stdout line matching `pattern`. */
    waitForLine(pattern, timeoutMs) {
      return new Promise((resolve, reject) => {
        let buffer = '';
        const timer = setTimeout(() => done(new Error(`${name}: no line matching ${pattern} within ${timeoutMs} ms\n${output}`)), timeoutMs);
        const onData = (chunk) => {
          buffer += chunk.toString();
          const match = buffer.match(pattern);
          if (match) done(null, match);
        };
        const onExit = () => done(new Error(`${name} exited before it was ready\n${output}`));
        function done(error, value) {
          clearTimeout(timer);
          child.stdout.off('data', onData);
          child.off('exit', onExit);
          if (error) reject(error);
          else resolve(value);
        }
        child.stdout.on('data', onData);
        child.once('exit', onExit);
      });
    },
    /** SIGTERM to the group, SIGKILL after `graceMs`. */
    async stop(graceMs = 5000) {
      if (hasExited) return;
      signalGroup(child.pid, 'SIGTERM');
      const timer = sleep(graceMs).then(() => 'timeout');
      if ((await Promise.race([exited, timer])) === 'timeout') {
        signalGroup(child.pid, 'SIGKILL');
        await exited;
      }
      // Whatever the leader left behind in its group goes too.
      signalGroup(child.pid, 'SIGKILL');
    },
  };
  running.add(handle);
  return handle;
}

function signalGroup(pid, signal) {
  try {
    process.kill(-pid, signal);
  } catch {
    // Already gone.
  }
}

/** Runs a child to completion (in its own group), killing it after `timeoutMs`; resolves with its stdout. */
export async function runToEnd(name, command, args, { env, cwd, timeoutMs }) {
  const child = start(name, command, args, { env, cwd, collectStdout: true });
  const timer = sleep(timeoutMs).then(() => 'timeout');
  const result = await Promise.race([child.exited, timer]);
  if (result === 'timeout') {
    await child.stop(1000);
    throw new Error(`${name} did not finish within ${Math.round(timeoutMs / 1000)} s`);
  }
  if (result.code !== 0) throw new Error(`${name} exited with ${result.code ?? result.signal}\n${child.output().slice(-3000)}`);
  // 'exit' can come before the last stdout chunk: wait for the stream to end.
  await Promise.race([child.drained, sleep(2000)]);
  return child.stdout();
}

/** Stops everything still running (the normal end, an error, a signal, the watchdog). */
export async function stopAll() {
  await Promise.all([...running].map((handle) => handle.stop(3000)));
}

/** Last resort when the bench itself is dying: no awaiting, just kill the groups. */
export function killAllNow() {
  for (const handle of running) signalGroup(handle.pid, 'SIGKILL');
}

export async function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Polls `url` until it answers `expectStatus`, or fails when `process` exits or time runs out. */
export async function waitForHttp(url, { handle, timeoutMs = 60_000, expectStatus = 200 } = {}) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (handle?.hasExited) throw new Error(`${handle.name} exited before it answered\n${handle.output().slice(-3000)}`);
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
      await res.arrayBuffer();
      if (res.status === expectStatus) return;
    } catch {
      // Not listening yet.
    }
    await sleep(200);
  }
  throw new Error(`${url} did not answer ${expectStatus} within ${Math.round(timeoutMs / 1000)} s${handle ? `\n${handle.output().slice(-3000)}` : ''}`);
}

/** Resident memory of a process in bytes (Linux), or null. */
export function rssOf(pid) {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const match = status.match(/^VmRSS:\s+(\d+)\s+kB/m);
    return match ? Number(match[1]) * 1024 : null;
  } catch {
    return null;
  }
}

const clockTicks = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout?.trim()) || 100;

/** CPU time (user + system, all threads) a process has used so far, in seconds (Linux), or null. */
export function cpuSecondsOf(pid) {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the parenthesised command name; utime and stime are fields 14 and 15.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / clockTicks;
  } catch {
    return null;
  }
}

export function commandExists(command) {
  return spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;
}
