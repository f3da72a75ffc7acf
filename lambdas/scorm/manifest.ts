import { escapeHtml } from './escape-html';

// imsmanifest.xml for SCORM 1.2 (IMS Content Packaging 1.1.2 with ADL's adlcp extensions): one
// organization whose items are the modules, each holding an item per lesson and one for its
// evaluation (with adlcp:masteryscore); each item points at a resource of adlcp:scormtype="sco"
// naming its page, and every SCO depends on one shared asset resource (the CSS and the script).

export interface ManifestSco {
  /** Unique in the manifest, an XML ID (letters, digits, hyphens). */
  id: string;
  titulo: string;
  href: string;
  masteryScore?: number;
}
export interface ManifestModule {
  id: string;
  titulo: string;
  scos: ManifestSco[];
}

const xml = escapeHtml;
const ASSETS_ID = 'RES-RECURSOS';

export function manifestXml(courseId: string, titulo: string, modules: ManifestModule[], assets: string[]): string {
  const items = modules
    .map(
      (m) => `      <item identifier="${m.id}">
        <title>${xml(m.titulo)}</title>
${m.scos
  .map(
    (s) => `        <item identifier="ITEM-${s.id}" identifierref="RES-${s.id}">
          <title>${xml(s.titulo)}</title>${s.masteryScore === undefined ? '' : `\n          <adlcp:masteryscore>${s.masteryScore}</adlcp:masteryscore>`}
        </item>`,
  )
  .join('\n')}
      </item>`,
    )
    .join('\n');
  const resources = modules
    .flatMap((m) => m.scos)
    .map(
      (s) => `    <resource identifier="RES-${s.id}" type="webcontent" adlcp:scormtype="sco" href="${xml(s.href)}">
      <file href="${xml(s.href)}"/>
      <dependency identifierref="${ASSETS_ID}"/>
    </resource>`,
    )
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>
<manifest identifier="MENTORA-${xml(courseId)}" version="1.0"
  xmlns="http://www.imsproject.org/xsd/imscp_rootv1p1p2"
  xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_rootv1p2"
  xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
  xsi:schemaLocation="http://www.imsproject.org/xsd/imscp_rootv1p1p2 imscp_rootv1p1p2.xsd http://www.imsglobal.org/xsd/imsmd_rootv1p2p1 imsmd_rootv1p2p1.xsd http://www.adlnet.org/xsd/adlcp_rootv1p2 adlcp_rootv1p2.xsd">
  <metadata>
    <schema>ADL SCORM</schema>
    <schemaversion>1.2</schemaversion>
  </metadata>
  <organizations default="ORG-CURSO">
    <organization identifier="ORG-CURSO">
      <title>${xml(titulo)}</title>
${items}
    </organization>
  </organizations>
  <resources>
${resources}
    <resource identifier="${ASSETS_ID}" type="webcontent" adlcp:scormtype="asset">
${assets.map((a) => `      <file href="${xml(a)}"/>`).join('\n')}
    </resource>
  </resources>
</manifest>
`;
}
