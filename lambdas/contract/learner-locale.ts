import * as z from 'zod';

// Issue 33 item 3: where the learner lives and how they want to be addressed, two profile settings
// every lesson and tutor prompt follows (emergency numbers, money, law and school grades depend on the
// country; "tú", "usted" or "vos" on the learner). Absent means not chosen: the web proposes the
// browser's country and tú, and the prompts write for no country in particular, with tú.

/** The countries offered: where Spanish is spoken, plus the two most common elsewhere (ISO 3166-1 alpha-2). */
export const COUNTRIES = [
  { codigo: 'AR', nombre: 'Argentina' },
  { codigo: 'BO', nombre: 'Bolivia' },
  { codigo: 'CL', nombre: 'Chile' },
  { codigo: 'CO', nombre: 'Colombia' },
  { codigo: 'CR', nombre: 'Costa Rica' },
  { codigo: 'CU', nombre: 'Cuba' },
  { codigo: 'EC', nombre: 'Ecuador' },
  { codigo: 'SV', nombre: 'El Salvador' },
  { codigo: 'ES', nombre: 'España' },
  { codigo: 'US', nombre: 'Estados Unidos' },
  { codigo: 'GQ', nombre: 'Guinea Ecuatorial' },
  { codigo: 'GT', nombre: 'Guatemala' },
  { codigo: 'HN', nombre: 'Honduras' },
  { codigo: 'MX', nombre: 'México' },
  { codigo: 'NI', nombre: 'Nicaragua' },
  { codigo: 'PA', nombre: 'Panamá' },
  { codigo: 'PY', nombre: 'Paraguay' },
  { codigo: 'PE', nombre: 'Perú' },
  { codigo: 'PR', nombre: 'Puerto Rico' },
  { codigo: 'DO', nombre: 'República Dominicana' },
  { codigo: 'UY', nombre: 'Uruguay' },
  { codigo: 'VE', nombre: 'Venezuela' },
  { codigo: 'BR', nombre: 'Brasil' },
  { codigo: 'CA', nombre: 'Canadá' },
] as const;
export type CountryCode = (typeof COUNTRIES)[number]['codigo'];
const CODES = COUNTRIES.map((c) => c.codigo) as [CountryCode, ...CountryCode[]];
export const countryName = (code: string | undefined): string | undefined => COUNTRIES.find((c) => c.codigo === code)?.nombre;

export const country = z.enum(CODES, { error: 'Ese país no está en la lista: elige uno de los que ofrecemos' });

/** The forms of address, and how the profile shows each. */
export const ADDRESS_FORMS = ['tu', 'usted', 'vos'] as const;
export type AddressForm = (typeof ADDRESS_FORMS)[number];
export const ADDRESS_LABEL: Record<AddressForm, string> = { tu: 'Tú', usted: 'Usted', vos: 'Vos' };
export const DEFAULT_ADDRESS: AddressForm = 'tu';
export const addressForm = z.enum(ADDRESS_FORMS, { error: 'El trato no es válido: elige tú, usted o vos' });

/** The country a browser locale names ("es-MX" → MX), if it is one offered. */
export function countryOfLocale(locale: string | undefined): CountryCode | undefined {
  const region = /^[a-z]{2,3}[-_]([A-Za-z]{2})\b/.exec(locale ?? '')?.[1]?.toUpperCase();
  return CODES.find((c) => c === region);
}
