import * as z from 'zod';

// The claim names of LTI 1.3 Core and its services, exactly as the 1EdTech specification writes them
// (https://www.imsglobal.org/spec/lti/v1p3/, §5), and the shape a launch's verified id_token must have.

const LTI = 'https://purl.imsglobal.org/spec/lti/claim/';
export const CLAIM = {
  messageType: `${LTI}message_type`,
  version: `${LTI}version`,
  deploymentId: `${LTI}deployment_id`,
  targetLinkUri: `${LTI}target_link_uri`,
  resourceLink: `${LTI}resource_link`,
  roles: `${LTI}roles`,
  context: `${LTI}context`,
  launchPresentation: `${LTI}launch_presentation`,
  deepLinkingSettings: 'https://purl.imsglobal.org/spec/lti-dl/claim/deep_linking_settings',
  toolPlatform: `${LTI}tool_platform`,
  /** Assignment and Grade Services 2.0 §3.1: where the tool posts this resource link's scores. */
  ags: 'https://purl.imsglobal.org/spec/lti-ags/claim/endpoint',
  /** Names and Role Provisioning Services 2.0 §3.6.1: the context's membership URL. */
  nrps: 'https://purl.imsglobal.org/spec/lti-nrps/claim/namesroleservice',
} as const;

/** The AGS scopes (AGS 2.0 §3.1); Mentora asks only for what it uses: posting scores. */
export const AGS_SCOPE = {
  lineItem: 'https://purl.imsglobal.org/spec/lti-ags/scope/lineitem',
  lineItemReadOnly: 'https://purl.imsglobal.org/spec/lti-ags/scope/lineitem.readonly',
  resultReadOnly: 'https://purl.imsglobal.org/spec/lti-ags/scope/result.readonly',
  score: 'https://purl.imsglobal.org/spec/lti-ags/scope/score',
} as const;
export const NRPS_SCOPE = 'https://purl.imsglobal.org/spec/lti-nrps/scope/contextmembership.readonly';

/** The AGS endpoint claim as AGS 2.0 §3.1 writes it: any of its members may be absent. */
export const agsClaim = z.object({
  scope: z.array(z.string()).default([]),
  lineitems: z.string().optional(),
  lineitem: z.string().optional(),
});
/** The NRPS claim (NRPS 2.0 §3.6.1). */
export const nrpsClaim = z.object({
  context_memberships_url: z.string(),
  service_versions: z.array(z.string()).optional(),
});

export const RESOURCE_LINK_REQUEST = 'LtiResourceLinkRequest';
export const DEEP_LINKING_REQUEST = 'LtiDeepLinkingRequest';

/** LIS role URIs (LTI 1.3 §A.2): a teacher of the context is an Instructor of its membership. */
export const INSTRUCTOR_ROLES = [
  'http://purl.imsglobal.org/vocab/lis/v2/membership#Instructor',
  'http://purl.imsglobal.org/vocab/lis/v2/membership#ContentDeveloper',
  'http://purl.imsglobal.org/vocab/lis/v2/membership/Instructor#TeachingAssistant',
];

/**
 * An optional claim: absent, or JSON `null` read as absent. Platforms send `null` for what they do not know (Canvas's
 * `placement`, and a `title` in some of its launches); refusing the whole launch for it would lock the person out.
 */
const absent = <T extends z.ZodType>(schema: T) => schema.nullish().transform((value) => value ?? undefined);

/** Deep Linking 2.0 §4.4.1: where the teacher's choice goes back, what the platform accepts, its opaque `data`. */
export const deepLinkingSettings = z.object({
  deep_link_return_url: z.string().min(1).max(2000),
  accept_types: z.array(z.string()),
  accept_multiple: absent(z.boolean()),
  title: absent(z.string()),
  data: absent(z.string().max(4096)),
});
export type DeepLinkingSettings = z.infer<typeof deepLinkingSettings>;

/** The claims Mentora reads from a verified launch; anything else the platform sends is ignored. */
export const launchClaims = z.object({
  sub: z.string().min(1).max(255),
  [CLAIM.messageType]: z.enum([RESOURCE_LINK_REQUEST, DEEP_LINKING_REQUEST]),
  [CLAIM.version]: z.literal('1.3.0'),
  [CLAIM.deploymentId]: z.string().min(1).max(255),
  [CLAIM.targetLinkUri]: absent(z.string()),
  [CLAIM.roles]: z.array(z.string()),
  [CLAIM.resourceLink]: absent(z.object({ id: z.string().min(1).max(255), title: absent(z.string()) })),
  [CLAIM.context]: absent(z.object({ id: z.string().min(1).max(255), title: absent(z.string()), label: absent(z.string()) })),
  name: absent(z.string()),
  given_name: absent(z.string()),
  [CLAIM.deepLinkingSettings]: absent(deepLinkingSettings),
  [CLAIM.toolPlatform]: absent(z.looseObject({ name: absent(z.string()) })),
});
export type LaunchClaims = z.infer<typeof launchClaims>;
