// Imported first by the local stack's entry points (serve.ts, bin/local.ts), before any handler's module:
// the X-Ray SDK (loaded by Powertools' Tracer, lambdas/shared/observability.ts) starts in manual mode, so it
// creates no cls-hooked namespace. In automatic mode that namespace's async hook, with a destroy callback,
// tracks every promise of the process; the tracer is off outside Lambda anyway, so locally that tracking is
// pure cost: 5-6 % of a test stack's CPU in its profile, more in the garbage collector (issue 42, CI time).
// On AWS the variable is unset and X-Ray traces as before.
process.env.AWS_XRAY_MANUAL_MODE ??= 'true';
