import { z } from 'zod';
import type { UserView } from '@custody/contracts';
import { codeListCodes, isCnaeCode } from '@custody/reference-data';
import { contractSchema } from '../contract-schema';
import { codes, country, deviceAndIp, IP_ADDRESS_MAX, isoDate } from '../schemas';

/**
 * Request schemas of the User endpoints, every field of the contract's Individual and Legal
 * person tables validated here, once; identity stores what passes.
 */
const text = (max = 200) => z.string().trim().min(1).max(max);
const range = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => String(from + i));

const phone = z
  .string()
  .regex(/^\+?[0-9][0-9 ()-]{5,24}$/, 'Must be a phone number, e.g. +34600000000');
const jsonText = z
  .string()
  .max(20_000)
  .refine((value) => {
    try {
      JSON.parse(value);
      return true;
    } catch {
      return false;
    }
  }, 'Must be JSON text');

const personIdType = codes(['1', '2', '3', '99'], 'idType');
const companyIdType = codes(['1', '2', '3', '4', '99'], 'idType');

export const individualFields = {
  generalConditions: isoDate,
  idNumber: text(64),
  idType: personIdType,
  idExpireDate: isoDate,
  name: text(),
  middleName: text(),
  surname: text(),
  secondLastName: text(),
  dateOfBirth: isoDate,
  phoneNumber: phone,
  nationality: country,
  residenceCountry: country,
  countryOfBirth: country,
  address: text(300),
  postalCode: text(20),
  addressCity: text(),
  ...deviceAndIp,
  professionalActivity: codes(['1', '2', '3', '4', '99'], 'professionalActivity'),
  professionalActivitySector: codes([...'ABCDEFGHIJKLMNOP'], 'professionalActivitySector'),
  businessRelationshipQuestionnaire: jsonText,
  sourceOfFundsQuestionnaire: jsonText,
  email: z.email().max(320),
  businessSector: codes([...range(1, 20), '99'], 'businessSector'),
  businessRelationship: codes(['A', 'B', 'C', 'D'], 'businessRelationship'),
  sourceOfFunds: codes(range(1, 9), 'sourceOfFunds'),
  pep: z.boolean(),
  sanctions: z.boolean(),
  externalReference: text(255),
};

export type IndividualField = keyof typeof individualFields;
export const INDIVIDUAL_FIELDS = Object.keys(individualFields) as IndividualField[];

/** Create body with the configured required fields (`generalConditions` always). */
export function individualCreateSchema(required: readonly string[]) {
  const unknown = required.filter((field) => !(field in individualFields));
  if (unknown.length > 0)
    throw new Error(`INDIVIDUAL_REQUIRED_FIELDS names unknown fields: ${unknown.join(', ')}`);
  const must = new Set(['generalConditions', ...required]);
  const shape: Record<string, z.ZodType> = Object.fromEntries(
    INDIVIDUAL_FIELDS.map((field) => [
      field,
      must.has(field) ? individualFields[field] : individualFields[field].optional(),
    ]),
  );
  return z.object(shape).strict();
}

export const individualUpdateSchema = z
  .object({ ...{}, ...individualFields, status: codes(['active', 'blocked'], 'status') })
  .partial()
  .strict()
  .refine((patch) => Object.keys(patch).length > 0, 'Give at least one field to change');

/** The contract's example sends place objects as JSON text: accept that or an object. */
const place = z.preprocess(
  (value) => {
    if (typeof value !== 'string') return value;
    try {
      return JSON.parse(value) as unknown;
    } catch {
      return value;
    }
  },
  z.object({ country, city: text(), postalCode: text(20), address: text(300) }).strict(),
);

const owner = z
  .object({
    name: text(),
    surnames: text(),
    nationality: country.optional(),
    idType: personIdType,
    idNumber: text(64),
  })
  .strict();
const committeeMember = z
  .object({
    name: text(),
    surnames: text(),
    address: text(300),
    idType: personIdType,
    idNumber: text(64),
    position: text(),
  })
  .strict();

export const legalFields = {
  generalConditions: isoDate,
  ...deviceAndIp,
  idNumber: text(64),
  legalName: text(300),
  phoneNumber: phone,
  email: z.email().max(320),
  tradename: text(300),
  companyType: codes(codeListCodes('company-type'), 'companyType'),
  constitutionDate: isoDate,
  constitutionPlace: place,
  taxResidence: place,
  CNAE: z.string().max(4).refine(isCnaeCode, 'Must be a CNAE-2009 class code (see /v1/enums/cnae)'),
  registeredOffice: place,
  mainOffice: place,
  countriesBusinessActivity: z.array(country).max(249),
  individualsCompany: z.array(owner).max(4, 'At most 4 individuals owning more than 25 percent'),
  companyAdministrationCommittee: z.array(committeeMember).max(50),
  adminPersonName: text(),
  adminPersonIdType: companyIdType,
  adminPersonIdNumber: text(64),
  representativeIdType: companyIdType,
  representativeIdNumber: text(64),
  annualRevenueVolume: text(100),
  contractedServices: text(1000),
  purposeBusinessRelationship: codes(
    codeListCodes('purpose-business-relationship'),
    'purposeBusinessRelationship',
  ),
  numExpectedTransactions: text(100),
  expectedAmountToCustodyFirstYear: text(100),
  externalReference: text(255),
};

export const legalCreateSchema = z
  .object(legalFields)
  .partial({ countriesBusinessActivity: true, externalReference: true })
  .strict();

export const legalUpdateSchema = z
  .object({ ...{}, ...legalFields, status: codes(['active', 'blocked'], 'status') })
  .partial()
  .strict()
  .refine((patch) => Object.keys(patch).length > 0, 'Give at least one field to change');

// Response fields are bounded as the request fields they come from.
export const userSchema = contractSchema<UserView>()(
  z.object({
    id: z.string().max(128),
    createdAt: z.iso.datetime({ precision: 3 }),
    updatedAt: z.iso.datetime({ precision: 3 }),
    generalConditions: z.string().max(35),
    idNumber: z.string().max(64).optional(),
    email: z.string().max(320).optional(),
    individualPerson: z
      .object({
        idNumber: z.string().max(64),
        name: z.string().max(200),
        surname: z.string().max(200),
        middleName: z.string().max(200),
        email: z.string().max(320),
      })
      .partial()
      .optional(),
    legalPerson: z
      .object({
        generalConditions: z.string().max(35),
        device: z.string().max(500),
        ip: z.string().max(IP_ADDRESS_MAX),
        idNumber: z.string().max(64),
        legalName: z.string().max(300),
      })
      .optional(),
    blocked: z.boolean(),
    externalReference: z.string().max(255).optional(),
  }),
);
