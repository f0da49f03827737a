import { describe, expect, expectTypeOf, it } from 'vitest';
import type {
  TraceBox,
  TraceBoxFields,
  TraceErrorBody,
  TraceProduct,
  TraceProductFields,
  TraceRequest,
  TraceResponse,
} from '../../src/contract/traceContract.ts';
import {
  traceBoxSchema,
  traceErrorBodySchema,
  traceProductSchema,
  traceRequestSchema,
  traceResponseSchema,
} from '../../server/http/schemas.ts';
import { toTraceResponse, type TraceBodyExtras } from '../../server/domain/traceBody.ts';

interface ObjectSchema {
  required: readonly string[];
  properties: object;
}
type RequiredOf<S extends ObjectSchema> = S['required'][number];
type PropertiesOf<S extends ObjectSchema> = keyof S['properties'];

// Checked by `npm run typecheck` and `npm run server:typecheck` (at run time these are no-ops): the
// schemas' `satisfies` refuse an unknown or missing property, but not a `required` list that leaves a
// contract field out, which the service would then accept missing and the OpenAPI document call optional.
expectTypeOf<RequiredOf<typeof traceRequestSchema>>().toEqualTypeOf<keyof TraceRequest>();
// The specification's fields are required; issue 12's additions are optional (and listed after them).
expectTypeOf<RequiredOf<typeof traceProductSchema>>().toEqualTypeOf<keyof TraceProductFields>();
expectTypeOf<RequiredOf<typeof traceBoxSchema>>().toEqualTypeOf<keyof TraceBoxFields>();
expectTypeOf<RequiredOf<typeof traceResponseSchema>>().toEqualTypeOf<'Data'>();
expectTypeOf<RequiredOf<typeof traceResponseSchema.properties.Data>>().toEqualTypeOf<keyof TraceResponse['Data']>();
expectTypeOf<RequiredOf<typeof traceErrorBodySchema>>().toEqualTypeOf<keyof TraceErrorBody>();
expectTypeOf<PropertiesOf<typeof traceProductSchema>>().toEqualTypeOf<keyof TraceProduct>();
expectTypeOf<PropertiesOf<typeof traceBoxSchema>>().toEqualTypeOf<keyof TraceBox>();

const lot = {
  productCode: 'SB900G',
  productName: 'Sữa bột',
  weight: 900,
  weightType: 'gam',
  productDate: '2026-06-12',
  expireDate: null,
  lotStatus: null,
  recallReason: null,
  imageUrl: null,
  code: '1D24B3261X54A2320',
  totalPacket: null,
};

describe('the JSON schemas', () => {
  it.each([
    ['TraceRequest', traceRequestSchema],
    ['TraceProduct', traceProductSchema],
    ['TraceBox', traceBoxSchema],
    ['TraceResponse', traceResponseSchema],
    ['TraceResponse.Data', traceResponseSchema.properties.Data],
    ['TraceErrorBody', traceErrorBodySchema],
  ])('require the properties of %s in the order listed, optional ones after them', (_name, schema: ObjectSchema) => {
    expect(Object.keys(schema.properties).slice(0, schema.required.length)).toEqual(schema.required);
  });

  it('send the optional fields after the required ones, only those that apply and were given', () => {
    const extras: TraceBodyExtras = {
      LotStatus: 'recalled',
      RecallReason: 'Bao bì lỗi',
      CartonCode: 'TH26A1105C48B0001',
      UnitCodes: ['A'.repeat(17)],
    };
    const unit = toTraceResponse({ ...lot, productUnit: 'lon' }, extras).Data.Products[0];
    const carton = toTraceResponse({ ...lot, productUnit: 'thùng', totalPacket: 24 }, extras).Data.Box[0];
    expect(Object.keys(unit ?? {})).toEqual([
      ...traceProductSchema.required,
      'LotStatus',
      'RecallReason',
      'CartonCode',
    ]);
    expect(Object.keys(carton ?? {})).toEqual([...traceBoxSchema.required, 'LotStatus', 'RecallReason', 'UnitCodes']);
  });

  it('list the fields in the order the service sends them', () => {
    const unit = toTraceResponse({ ...lot, productUnit: 'lon' }).Data.Products[0];
    const carton = toTraceResponse({ ...lot, productUnit: 'thùng', totalPacket: 24 }).Data.Box[0];
    expect(Object.keys(unit ?? {})).toEqual(traceProductSchema.required);
    expect(Object.keys(carton ?? {})).toEqual(traceBoxSchema.required);
  });
});
