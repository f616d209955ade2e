import { live } from '../../../lib/realtime'
import { loadBoard, type Board } from './booking'

/**
 * Keeps an open slot board current: after a (re)connect it reads the board again, since pushes
 * may have been missed while the connection was down.
 */
export function followBoard(board: Board): () => void {
  const offConnect = live.on('connect', () => void loadBoard(board, { quiet: true }))
  return () => {
    offConnect()
  }
}
