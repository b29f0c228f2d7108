/**
 * A Meta app's id and secret for one product. Instagram Login and Threads each have their own pair
 * inside the Meta app (App Dashboard → product → API setup); Facebook Login uses the app's own.
 */
export type MetaAppConfig = { readonly clientId: string; readonly clientSecret: string };
