import SCIMMY from 'scimmy';
import { SCIM_SCHEMA } from '@ona/contracts';

type TJson = Record<string, unknown>;

/** The product's own User extension, described as RFC 7643 §7 asks (scimmy describes the standard ones). */
const directoryExtension = (baseUrl: string): TJson => {
  const stringAttribute = (name: string, description: string, canonicalValues?: string[]) => ({
    name, type: 'string', multiValued: false, description, required: false, caseExact: false, mutability: 'readWrite', returned: 'default', uniqueness: 'none',
    ...(canonicalValues ? { canonicalValues } : {}),
  });
  return {
    schemas: ['urn:ietf:params:scim:schemas:core:2.0:Schema'],
    id: SCIM_SCHEMA.directoryUser,
    name: 'DirectoryUser',
    description: 'Dates of joining and leaving and the filter attributes of the organisational network analysis',
    attributes: [
      { ...stringAttribute('hireDate', 'First working day (YYYY-MM-DD)'), type: 'dateTime' },
      { ...stringAttribute('leaveDate', 'Last working day (YYYY-MM-DD); set to the day of deactivation when not sent'), type: 'dateTime' },
      stringAttribute('leaveReason', 'Why the person left', ['left', 'moved', 'retired']),
      stringAttribute('gender', 'female, male or other', ['female', 'male', 'other']),
      stringAttribute('generation', 'x, y, z or bb', ['x', 'y', 'z', 'bb']),
      stringAttribute('location', 'Site or office'),
    ],
    meta: { resourceType: 'Schema', location: `${baseUrl}/Schemas/${SCIM_SCHEMA.directoryUser}` },
  };
};

export function scimSchemas(baseUrl: string): TJson[] {
  const described = [SCIMMY.Schemas.User, SCIMMY.Schemas.EnterpriseUser, SCIMMY.Schemas.Group].map((schema) => {
    const description = schema.definition.describe('/Schemas') as TJson;
    return { ...description, meta: { resourceType: 'Schema', location: `${baseUrl}/Schemas/${String(description['id'])}` } };
  });
  return [...described, directoryExtension(baseUrl)];
}

export function scimResourceTypes(baseUrl: string): TJson[] {
  return [
    {
      schemas: ['urn:ietf:params:scim:schemas:core:2.0:ResourceType'],
      id: 'User',
      name: 'User',
      endpoint: '/Users',
      description: 'A person of the organisation’s directory',
      schema: SCIM_SCHEMA.user,
      schemaExtensions: [
        { schema: SCIM_SCHEMA.enterpriseUser, required: false },
        { schema: SCIM_SCHEMA.directoryUser, required: false },
      ],
      meta: { resourceType: 'ResourceType', location: `${baseUrl}/ResourceTypes/User` },
    },
    {
      schemas: ['urn:ietf:params:scim:schemas:core:2.0:ResourceType'],
      id: 'Group',
      name: 'Group',
      endpoint: '/Groups',
      description: 'A group of people of the directory',
      schema: SCIM_SCHEMA.group,
      meta: { resourceType: 'ResourceType', location: `${baseUrl}/ResourceTypes/Group` },
    },
  ];
}

export const MAX_PAGE_SIZE = 200;

export function serviceProviderConfig(baseUrl: string): TJson {
  return {
    schemas: ['urn:ietf:params:scim:schemas:core:2.0:ServiceProviderConfig'],
    patch: { supported: true },
    bulk: { supported: false, maxOperations: 0, maxPayloadSize: 0 },
    filter: { supported: true, maxResults: MAX_PAGE_SIZE },
    changePassword: { supported: false },
    sort: { supported: false },
    etag: { supported: true },
    authenticationSchemes: [
      { type: 'oauthbearertoken', name: 'Bearer token', description: 'A token an organisation administrator creates on the organisation settings page', primary: true },
    ],
    meta: { resourceType: 'ServiceProviderConfig', location: `${baseUrl}/ServiceProviderConfig` },
  };
}
