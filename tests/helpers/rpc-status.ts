import protobuf from 'protobufjs/light.js';

/** google.rpc.Status as googleapis defines it (OTLP/HTTP's failure body), to read the receiver's protobuf answers with. */
const StatusType = protobuf.Root.fromJSON({
  nested: { google: { nested: { rpc: { nested: { Status: { fields: { code: { type: 'int32', id: 1 }, message: { type: 'string', id: 2 }, details: { rule: 'repeated', type: 'bytes', id: 3 } } } } } } } },
}).lookupType('google.rpc.Status');

/** The Status a protobuf answer carries. */
export async function protobufStatus(res: Response): Promise<Record<string, unknown>> {
  return StatusType.toObject(StatusType.decode(new Uint8Array(await res.arrayBuffer())));
}
