// The public module of lambdas/users: what other rooms may use. Nothing today: the profile store that auth,
// narration and the pipeline read lives a floor below, in lambdas/user-profile.
export {};
