// @svc/core/surfaces — What every surface shares: the tool endpoint's path, security headers, credentials kept out of URLs, sandbox access, and the deployment checks of `svc doctor`.
// This file is the area's contract: other areas and packages import only what it exports.
export { credentialInQueryRefusal, hasCredentialInQuery } from './credential-in-query.js';
export { type BaseUrlSetting, baseUrlCheck } from './doctor/base-url-check.js';
export {
  CLOCK_SKEW_FAIL_MS,
  CLOCK_SKEW_WARN_MS,
  clockSkewCheck,
  type DatabaseState,
  databaseCheck,
} from './doctor/database-checks.js';
export {
  type DoctorCheck,
  type DoctorCheckLevel,
  type DoctorReport,
  doctorCheck,
  doctorReport,
} from './doctor/doctor-check.js';
export {
  listensBeyondLoopback,
  metricsTokenCheck,
  type ServiceExposure,
  sandboxExposureCheck,
} from './doctor/exposure-checks.js';
export {
  type MasterSecretSource,
  MIN_SECRET_BITS,
  MIN_SECRET_LENGTH,
  masterSecretCheck,
  secretStrengthBits,
} from './doctor/master-secret-check.js';
export { type SmtpState, smtpCheck } from './doctor/smtp-check.js';
export {
  type BucketProblem,
  type DirectoryState,
  directoryCheck,
  s3BucketCheck,
} from './doctor/storage-checks.js';
export { HTML_SECURITY_HEADERS } from './html-security-headers.js';
export { LIMIT_PHRASES } from './limit-phrases.js';
export { MCP_PATH } from './mcp-path.js';
export {
  decideSandboxAccess,
  isLoopbackAddress,
  type SandboxSurface,
  type SandboxVisitor,
} from './sandbox-access.js';
