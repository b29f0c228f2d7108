import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse, parseAllDocuments } from 'yaml';

// The deployment files users copy (compose.yaml, deploy/): each parses, refers only to things
// that exist (services, volumes, the Containerfile, secrets), and matches the image: its port,
// its unprivileged user, its health check path, its data directory. The platforms cannot be
// reached from here, so this checks what their schemas require, not a real deployment.

const ROOT = join(import.meta.dirname, '..');
const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');
// Parsed YAML, checked field by field below.
type Doc = any;

const containerfile = read('Containerfile');
const imageUid = Number(containerfile.match(/useradd[^\n]*--uid (\d+)/)?.[1]);
const imagePort = Number(containerfile.match(/^EXPOSE (\d+)$/m)?.[1]);
/** Every setting the docs name (docs/configuration.md and the other docs). */
const documented = new Set(
  readdirSync(join(ROOT, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .flatMap((f) =>
      [...read(`docs/${f}`).matchAll(/`((?:SVC|AWS)_[A-Z0-9_]+|DATABASE_URL|PORT)`/g)].map((m) => m[1]),
    ),
);

function expectDocumented(names: readonly string[]) {
  for (const name of names) expect(documented, `${name} is not a documented setting`).toContain(name);
}

describe('the Containerfile', () => {
  it('builds on node:24-bookworm-slim by default and runs svc serve as a non-root user with /data', () => {
    expect(containerfile).toMatch(/^ARG BASE=node:24-bookworm-slim$/m);
    expect(containerfile.match(/^FROM \$\{BASE\}/gm)).toHaveLength(2);
    expect(imageUid).toBeGreaterThan(0);
    expect(containerfile).toMatch(/^USER svc$/m);
    expect(containerfile).toMatch(/^VOLUME \/data$/m);
    expect(containerfile).toMatch(/SVC_DATA_DIR=\/data/);
    expect(containerfile).toMatch(/^HEALTHCHECK [\s\S]*\/api\/health/m);
    expect(containerfile).toMatch(/^ENTRYPOINT \["node", "\/opt\/svc\/bin\/svc.js"\]$/m);
    expect(containerfile).toMatch(/^CMD \["serve"\]$/m);
    expect(read('.dockerignore')).toBe(read('.containerignore'));
  });
});

describe('compose.yaml', () => {
  // Compose resolves YAML merge keys (`<<: *svc-environment`), as the parser does with `merge`.
  const compose: Doc = parse(read('compose.yaml'), { merge: true });
  const services = compose.services as Record<string, Doc>;

  it('runs the server, an optional publisher, PostgreSQL and an S3-compatible store', () => {
    expect(Object.keys(services)).toEqual(expect.arrayContaining(['svc', 'publisher', 'postgres', 'minio']));
    expect(services.svc.build).toBe('.');
    expect(services.svc.ports).toContain(`${imagePort}:${imagePort}`);
    expect(services.publisher.profiles).toEqual(['publisher']);
    expect(services.publisher.command).toEqual(['publisher']);
    expect(services.publisher.image).toBe(services.svc.image);
    for (const name of ['svc', 'publisher']) {
      const env = services[name].environment;
      expect(env.DATABASE_URL).toMatch(/^postgres:\/\/.*@postgres:5432\//);
      expect(env.SVC_MEDIA_STORE).toMatch(/^s3:\/\//);
      expect(env.SVC_S3_ENDPOINT).toBe('http://minio:9000');
      expectDocumented(Object.keys(env));
    }
  });

  it('refers only to services and volumes it declares', () => {
    const volumes = Object.keys(compose.volumes);
    for (const [name, service] of Object.entries(services)) {
      for (const dependency of Object.keys(service.depends_on ?? {})) {
        expect(Object.keys(services), `${name} depends on ${dependency}`).toContain(dependency);
      }
      for (const mount of service.volumes ?? []) {
        expect(volumes, `${name} mounts ${mount}`).toContain(String(mount).split(':')[0]);
      }
    }
    expect(services.svc.volumes).toContain('svc-data:/data');
  });
});

describe('deploy/render/render.yaml', () => {
  const blueprint: Doc = parse(read('deploy/render/render.yaml'));

  it('is a Render Blueprint for the Containerfile with its health check and database', () => {
    const [web] = blueprint.services;
    expect(web).toMatchObject({ type: 'web', runtime: 'docker', healthCheckPath: '/api/health' });
    expect(existsSync(join(ROOT, web.dockerfilePath))).toBe(true);
    expect(web.disk.mountPath).toBe('/data');
    const databases = blueprint.databases.map((d: Doc) => d.name);
    for (const variable of web.envVars) {
      // Render's schema: each variable has a key and exactly one source.
      const sources = ['value', 'fromDatabase', 'fromService', 'generateValue', 'sync'].filter(
        (k) => k in variable,
      );
      expect(sources, variable.key).toHaveLength(1);
      if (variable.fromDatabase) expect(databases).toContain(variable.fromDatabase.name);
    }
    expectDocumented(web.envVars.map((v: Doc) => v.key));
  });
});

describe('deploy/railway/railway.json', () => {
  const config: Doc = JSON.parse(read('deploy/railway/railway.json'));

  it('builds the Containerfile and checks /api/health, with keys of Railway’s schema only', () => {
    expect(config.$schema).toBe('https://railway.com/railway.schema.json');
    expect(config.build.builder).toBe('DOCKERFILE');
    expect(existsSync(join(ROOT, config.build.dockerfilePath))).toBe(true);
    expect(config.deploy.healthcheckPath).toBe('/api/health');
    const known = [
      'startCommand',
      'healthcheckPath',
      'healthcheckTimeout',
      'restartPolicyType',
      'restartPolicyMaxRetries',
      'overlapSeconds',
      'drainingSeconds',
      'numReplicas',
    ];
    for (const key of Object.keys(config.deploy)) expect(known).toContain(key);
    expect(['ON_FAILURE', 'ALWAYS', 'NEVER']).toContain(config.deploy.restartPolicyType);
  });
});

describe('deploy/kubernetes', () => {
  const docs: Doc[] = readdirSync(join(ROOT, 'deploy/kubernetes'))
    .filter((f) => f.endsWith('.yaml'))
    .flatMap((f) => parseAllDocuments(read(`deploy/kubernetes/${f}`)).map((d) => d.toJS()));
  const ofKind = (kind: string) => docs.filter((d) => d.kind === kind);

  it('has well-formed objects that refer to each other correctly', () => {
    for (const doc of docs) {
      expect(doc.apiVersion, JSON.stringify(doc)).toMatch(/^(v1|apps\/v1)$/);
      expect(doc.metadata.name).toMatch(/^[a-z0-9-]+$/);
    }
    const claims = ofKind('PersistentVolumeClaim').map((d) => d.metadata.name);
    const secrets = ofKind('Secret').map((d) => d.metadata.name);
    for (const deployment of ofKind('Deployment')) {
      const pod = deployment.spec.template;
      expect(pod.metadata.labels).toMatchObject(deployment.spec.selector.matchLabels);
      expect(pod.spec.securityContext).toMatchObject({ runAsNonRoot: true, runAsUser: imageUid });
      const volumes = pod.spec.volumes.map((v: Doc) => v.name);
      for (const volume of pod.spec.volumes) {
        if (volume.persistentVolumeClaim) expect(claims).toContain(volume.persistentVolumeClaim.claimName);
      }
      for (const container of pod.spec.containers) {
        for (const mount of container.volumeMounts) expect(volumes).toContain(mount.name);
        expect(container.volumeMounts.map((m: Doc) => m.mountPath)).toContain('/data');
        for (const from of container.envFrom ?? []) expect(secrets).toContain(from.secretRef.name);
        expectDocumented((container.env ?? []).map((e: Doc) => e.name));
        expect(['serve', 'publisher']).toContain(container.args[0]);
      }
    }
    expectDocumented(ofKind('Secret').flatMap((s) => Object.keys(s.stringData)));
  });

  it('routes the service to the server, whose probes ask /api/health on the image’s port', () => {
    const [service] = ofKind('Service');
    const server = ofKind('Deployment').find((d) =>
      Object.entries(service.spec.selector).every(([k, v]) => d.spec.template.metadata.labels[k] === v),
    );
    const container = server.spec.template.spec.containers[0];
    const port = container.ports.find((p: Doc) => p.name === service.spec.ports[0].targetPort);
    expect(port.containerPort).toBe(imagePort);
    expect(container.readinessProbe.httpGet).toEqual({ path: '/api/health', port: port.name });
    expect(container.livenessProbe.httpGet.path).toBe('/api/health');
  });
});
