import { execFile, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

// Podman as it runs on these machines (../shared/docs/containers.md): runc with cgroupfs, no
// default ulimits, the vfs storage driver, host networking. Its storage lives in a cache directory
// of its own, so the base image and the build's pnpm store survive from one run to the next.

const run = promisify(execFile);

/** Where the image test keeps podman's storage and settings between runs. */
export const CACHE_DIR = process.env.SVC_CONTAINER_CACHE ?? join(homedir(), '.cache/svc-container');

/** The local stand-in for node:24-bookworm-slim: Debian bookworm (minbase) with Node 24 and corepack. */
export const BASE_IMAGE = 'localhost/svc-base:bookworm-node24';

/** Debian's bundle of the certificates this machine trusts. */
const HOST_CA_FILE = '/etc/ssl/certs/ca-certificates.crt';

/** True when a podman binary is on PATH. */
export function podmanInstalled(): boolean {
  return (process.env.PATH ?? '').split(':').some((dir) => dir !== '' && existsSync(join(dir, 'podman')));
}

function settings(): { env: NodeJS.ProcessEnv; global: string[] } {
  mkdirSync(CACHE_DIR, { recursive: true });
  const conf = join(CACHE_DIR, 'containers.conf');
  writeFileSync(conf, '[containers]\ndefault_ulimits = []\n[engine]\ncgroup_manager = "cgroupfs"\n');
  return {
    env: { ...process.env, CONTAINERS_CONF: conf },
    global: [
      '--root',
      join(CACHE_DIR, 'storage'),
      '--runroot',
      join(CACHE_DIR, 'run'),
      '--storage-driver',
      'vfs',
      '--runtime',
      'runc',
      '--cgroup-manager',
      'cgroupfs',
    ],
  };
}

/** Runs podman with the settings above; its stdout, trimmed. Rejects with stderr on failure. */
export async function podman(args: readonly string[], options: { timeoutMs?: number } = {}): Promise<string> {
  const { env, global } = settings();
  try {
    const { stdout } = await run('podman', [...global, ...args], {
      env,
      maxBuffer: 64 * 1024 * 1024,
      timeout: options.timeoutMs ?? 120_000,
    });
    return stdout.trim();
  } catch (error) {
    const e = error as { stderr?: string; message: string };
    throw new Error(`podman ${args.slice(0, 3).join(' ')} failed: ${e.stderr || e.message}`);
  }
}

/** Runs podman with its output streamed to ours (long builds show progress); rejects on a non-zero exit. */
export function podmanStreamed(args: readonly string[], input?: NodeJS.ReadableStream): Promise<void> {
  const { env, global } = settings();
  return new Promise((resolve, reject) => {
    const child = spawn('podman', [...global, ...args], {
      env,
      stdio: [input ? 'pipe' : 'ignore', 'inherit', 'inherit'],
    });
    if (input && child.stdin) {
      // A podman that exits early reports why; the broken pipe says nothing more.
      child.stdin.on('error', () => undefined);
      input.pipe(child.stdin);
    }
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`podman ${args[0]} exited with ${code}`)),
    );
  });
}

/** The Debian mirror apt on this machine uses (debootstrap fetches the base system from it). */
function debianMirror(): string {
  for (const file of ['/etc/apt/sources.list.d/debian.sources', '/etc/apt/sources.list']) {
    if (!existsSync(file)) continue;
    const text = readFileSync(file, 'utf8');
    const uri = text.match(/^URIs:\s*(\S+\/debian)\s*$/m)?.[1] ?? text.match(/^deb\s+(\S+\/debian)\s/m)?.[1];
    if (uri) return uri;
  }
  return 'http://deb.debian.org/debian';
}

/**
 * Makes BASE_IMAGE unless the cache has it: `debootstrap --variant=minbase bookworm`, then Node 24
 * (the npm registry's `node` package) and corepack under /usr/local, where the official node
 * images have them, imported as one layer.
 */
export async function ensureBaseImage(): Promise<void> {
  const exists = await podman(['image', 'exists', BASE_IMAGE]).then(
    () => true,
    () => false,
  );
  if (exists) return;
  const work = mkdtempSync(join(tmpdir(), 'svc-base-'));
  try {
    const rootfs = join(work, 'rootfs');
    await run('debootstrap', ['--variant=minbase', 'bookworm', rootfs, debianMirror()], {
      maxBuffer: 64 * 1024 * 1024,
      timeout: 600_000,
    });
    const npmDir = join(work, 'npm');
    await run(
      'npm',
      ['install', '--prefix', npmDir, '--no-audit', '--no-fund', '--loglevel=error', 'node@24', 'corepack'],
      {
        timeout: 300_000,
      },
    );
    const script = [
      'set -eu',
      `cd ${rootfs}`,
      // The node package's bin/node is the official Linux build; its debug symbols are not needed.
      `install -m 755 ${npmDir}/node_modules/node/bin/node usr/local/bin/node`,
      'strip usr/local/bin/node 2>/dev/null || true',
      'mkdir -p usr/local/lib/node_modules',
      `cp -r ${npmDir}/node_modules/corepack usr/local/lib/node_modules/corepack`,
      'ln -s ../lib/node_modules/corepack/dist/corepack.js usr/local/bin/corepack',
      // The machine's trusted certificates: where a proxy inspects TLS, its authority is among
      // them, and the build stage fetches pnpm and packages from the npm registry.
      `mkdir -p etc/ssl/certs && cp ${HOST_CA_FILE} etc/ssl/certs/ca-certificates.crt`,
      // What the slim images leave out too.
      'rm -rf var/cache/apt/archives/*.deb var/lib/apt/lists/* usr/share/doc/* usr/share/man/* usr/share/locale/*',
    ].join('\n');
    await run('bash', ['-c', script]);
    const tar = spawn('tar', ['-C', rootfs, '-c', '.'], { stdio: ['ignore', 'pipe', 'inherit'] });
    await podmanStreamed(
      [
        'import',
        '--change',
        'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin',
        '--change',
        'ENV NODE_EXTRA_CA_CERTS=/etc/ssl/certs/ca-certificates.crt',
        '-',
        BASE_IMAGE,
      ],
      tar.stdout,
    );
  } finally {
    // debootstrap mounts /proc (and more) in the new root while it works and may leave them
    // mounted when it fails: unmount whatever is under it before removing anything.
    const mounted = readFileSync('/proc/mounts', 'utf8')
      .split('\n')
      .map((line) => line.split(' ')[1] ?? '')
      .filter((point) => point.startsWith(`${work}/`))
      .reverse();
    for (const point of mounted) await run('umount', ['--lazy', point]).catch(() => undefined);
    rmSync(work, { recursive: true, force: true });
  }
}
