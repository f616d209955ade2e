import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { FastifyInstance } from 'fastify'
import { folderStore, s3Store, type ObjectStore } from '@diamond/runtime/objects'
import type { StockConfig } from '../../config'

/**
 * The object store of stone media, as configured: an S3-compatible bucket when STOCK_S3_ENDPOINT is
 * set (the distributed mode), else a local folder (the embedded mode's data folder). Closed with the
 * service.
 */
export async function openObjectStore(app: FastifyInstance, s: StockConfig): Promise<ObjectStore> {
  const objects = s.STOCK_S3_ENDPOINT
    ? await s3Store({
        endpoint: s.STOCK_S3_ENDPOINT,
        bucket: s.STOCK_S3_BUCKET,
        region: s.STOCK_S3_REGION,
        accessKeyId: s.STOCK_S3_ACCESS_KEY_ID,
        secretAccessKey: s.STOCK_S3_SECRET_ACCESS_KEY,
      })
    : folderStore(s.STOCK_MEDIA_DIR || join(tmpdir(), 'diamond-portal-media'))
  app.log.info({ objects: objects.describe }, 'stone media store')
  app.addHook('onClose', () => objects.close())
  return objects
}
