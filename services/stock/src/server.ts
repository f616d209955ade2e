import { runStandalone } from '@diamond/runtime'
import stockService from './app'
import { loadStockConfig } from './config'

const stock = loadStockConfig()
await runStandalone('stock', stockService, { port: stock.STOCK_PORT, stock })
