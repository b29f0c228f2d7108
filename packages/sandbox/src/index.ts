// The public API of @svc/sandbox.
