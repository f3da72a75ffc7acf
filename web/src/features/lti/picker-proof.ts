// Where /lti/entrar hands a framed picker its proof (docs/lti.md "Deep Linking"): this frame's sessionStorage, as
// `{ ticket, prueba }`; read by /lti/elegir for that ticket only.
export const PICKER_PROOF_KEY = 'mentora.lti.seleccion.prueba';
