// The platforms' documented answers to the probes of `svc platforms check`, quoted from their
// pages (ids and tokens shortened). Each names the page it comes from.

/**
 * Facebook app access token: developers.facebook.com/docs/facebook-login/guides/access-tokens
 * ("App Access Tokens": GET /oauth/access_token?client_id&client_secret&grant_type=client_credentials).
 */
export const FACEBOOK_APP_TOKEN = {
  access_token: '1234567890|AbCdEfGhIjKlMnOpQrStUvWxYz0',
  token_type: 'bearer',
};

/** Graph's refusal of a wrong app secret (Graph API error codes: 101, "Error validating client secret."). */
export const GRAPH_WRONG_SECRET = {
  error: {
    message: 'Error validating client secret.',
    type: 'OAuthException',
    code: 101,
    fbtrace_id: 'AbCdEfGhIjK',
  },
};

/**
 * debug_token: developers.facebook.com/documentation/threads/troubleshooting/debug-access-token
 * (the same shape as Facebook's /debug_token).
 */
export const DEBUG_TOKEN_VALID = {
  data: {
    type: 'USER',
    application: 'Threads API Test App',
    data_access_expires_at: 1754846089,
    expires_at: 1752254132,
    is_valid: true,
    issued_at: 1747070132,
    scopes: ['threads_basic', 'threads_content_publish', 'threads_manage_insights'],
    user_id: '12345',
  },
};

/** Threads app access token: developers.facebook.com/documentation/threads/get-started/app-access-tokens. */
export const THREADS_APP_TOKEN = { access_token: 'TH|990602627938098|AbCdEf', token_type: 'bearer' };

/**
 * Instagram Login's code endpoint refusing a code it never issued (api.instagram.com/oauth/access_token;
 * the flat `error_type`/`code`/`error_message` shape of instagram-api-with-instagram-login).
 */
export const INSTAGRAM_INVALID_CODE = {
  error_type: 'OAuthException',
  code: 400,
  error_message: 'Invalid authorization code',
};

/** The same endpoint refusing the app secret. */
export const INSTAGRAM_WRONG_SECRET = {
  error_type: 'OAuthException',
  code: 400,
  error_message: 'Error validating client secret.',
};

/**
 * TikTok client access token: developers.tiktok.com/doc/client-access-token-management
 * ("It is valid for 2 hours after the initial issuance"; token_type "Bearer").
 */
export const TIKTOK_CLIENT_TOKEN = {
  access_token: 'clt.example12345Example12345Example',
  expires_in: 7200,
  token_type: 'Bearer',
};

/** TikTok's OAuth error shape (developers.tiktok.com/doc/oauth-error-handling). */
export const TIKTOK_INVALID_CLIENT = {
  error: 'invalid_client',
  error_description: 'Client key or secret is incorrect.',
  log_id: '202206221854370101130062072500FFA2',
};

/**
 * Google's token endpoint (developers.google.com/identity/protocols/oauth2/web-server, "Refresh
 * an access token" and the error list): a right client with a bad refresh token is `invalid_grant`;
 * an unknown or misauthenticated client is 401 `invalid_client`.
 */
export const GOOGLE_INVALID_GRANT = { error: 'invalid_grant', error_description: 'Bad Request' };
export const GOOGLE_INVALID_CLIENT = { error: 'invalid_client', error_description: 'Unauthorized' };

/** tokeninfo (developers.google.com/identity/sign-in/web/backend-auth, "Calling the tokeninfo endpoint"). */
export const GOOGLE_TOKENINFO = {
  azp: '1234.apps.googleusercontent.com',
  aud: '1234.apps.googleusercontent.com',
  scope: 'https://www.googleapis.com/auth/youtube.upload https://www.googleapis.com/auth/youtube.readonly',
  exp: '1767225600',
  expires_in: '3599',
  access_type: 'offline',
};
