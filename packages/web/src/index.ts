// The public API of @svc/web: what every HTML and HTTP surface (console, OAuth pages, REST, the
// tool endpoint, the sandbox pages) shares, the design system's stylesheet and components included.

// The one HTML escaper lives in the core's kernel (notification e-mails use it too).
export { escapeHtml } from '@svc/core/kernel';
export { avatar } from './avatar.js';
export { clientAddress, isLocalClient } from './client-address.js';
export { cookieValue } from './cookie-value.js';
export { boundCsrfToken, csrfTokensMatch } from './csrf-token.js';
export { emptyState, type NextStep } from './empty-state.js';
export { type ErrorJson, errorJson, jsonRpcError } from './error-bodies.js';
export { Html, html, raw } from './html.js';
export { platformMark } from './platform-mark.js';
export { qrCodeSvg } from './qr-code-svg.js';
export { readForm } from './read-form.js';
export { readMultipartFile } from './read-multipart-file.js';
export { readUpload, type UploadForm } from './read-upload.js';
export { SECOND_FACTOR_ISSUER, secondFactorDeps } from './second-factor-deps.js';
export { type SecondFactorFormView, secondFactorForm } from './second-factor-form.js';
export { applySecurityHeaders, pageSecurityHeaders } from './security-headers.js';
export { type SignInFormView, signInForm } from './sign-in-form.js';
export { createPasskeyCeremonies } from './simplewebauthn-ceremonies.js';
export type { OidcSettings, OidcSignOn } from './single-sign-on/oidc-sign-on.js';
export { createOidcSignOn, isLoopbackUrl, SIGN_ON_CALLBACK_PATH } from './single-sign-on/oidc-sign-on.js';
export type { SignOnFailure, SignOnPurpose, SignOnResult } from './single-sign-on/sign-on-result.js';
export { singleSignOnButton } from './single-sign-on/single-sign-on-button.js';
export type { SurfaceDeps } from './surface-deps.js';
export type { SurfaceLogger } from './surface-logger.js';
export { SvcFailure, unwrap } from './svc-failure.js';
export { standaloneBody, type WebDocumentParts, webDocument } from './web-document.js';
export { type WebReply, writeReply } from './web-reply.js';
export { stylesheetReply, WEB_CSS, WEB_CSS_FILE } from './web-stylesheet.js';
export { requestPath, type WebSurface } from './web-surface.js';
export { workspaceSelect } from './workspace-select.js';
