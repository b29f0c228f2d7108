// The public API of @svc/publisher.
