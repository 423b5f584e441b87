import { elementAt, invalid, notFound } from '../model/faults';
import type { Transaction } from '../model/motion-model';
import { changed, type AnalogChannel } from '../measurement/measurement';
import { openMeasurement } from './file-handlers';
import type { ModuleHandlers } from './handler';
import { sampledSeriesHandlers } from './sampled-series-handlers';

function board(tx: Transaction, id: number) {
  const found = openMeasurement(tx).boards.find((b) => b.id === id);
  if (!found) throw notFound('board_id', `no analog board with id ${id}`);
  return found;
}

function channel(tx: Transaction, id: number): AnalogChannel {
  const found = openMeasurement(tx).channels.find((c) => c.id === id);
  if (!found) throw notFound('channel_id', `no analog channel with id ${id}`);
  return found;
}

/** `motion.data.object.analog`: the measurement's analog boards and their channels (a C3D file's on one board). */
export const ANALOG_OBJECT_HANDLERS: ModuleHandlers = {
  get_board_id: (tx, [i]) => elementAt(openMeasurement(tx).boards, i, 'board_index', 'analog boards').id,
  get_board_ids: (tx) => openMeasurement(tx).boards.map((b) => b.id),
  get_board_count: (tx) => openMeasurement(tx).boards.length,
  get_board_name: (tx, [id]) => board(tx, id).name,
  get_board_channel_id: (tx, [id, i]) =>
    elementAt(board(tx, id).channelIds, i, 'channel_index', 'channels on the board'),
  get_board_channel_ids: (tx, [id]) => [...board(tx, id).channelIds],
  get_board_channel_count: (tx, [id]) => board(tx, id).channelIds.length,
  get_channel_id: (tx, [i]) => elementAt(openMeasurement(tx).channels, i, 'channel_index', 'analog channels').id,
  get_channel_ids: (tx) => openMeasurement(tx).channels.map((c) => c.id),
  get_channel_count: (tx) => openMeasurement(tx).channels.length,
  get_channel_name: (tx, [id]) => channel(tx, id).name,
  set_channel_name: (tx, [id, name]) => {
    const target = channel(tx, id);
    if (name === '') throw invalid('channel_name', 'a channel has a name: the empty text is none');
    const measurement = openMeasurement(tx);
    tx.setMeasurement(
      changed(measurement, { channels: measurement.channels.map((c) => (c === target ? { ...c, name } : c)) }),
    );
    return null;
  },
  get_channel_board_id: (tx, [id]) => channel(tx, id).boardId,
  find_board: (tx, [name]) => openMeasurement(tx).boards.find((b) => b.name === name)?.id ?? null,
  find_channel: (tx, [id, name]) => {
    const ids = new Set(board(tx, id).channelIds);
    return openMeasurement(tx).channels.find((c) => ids.has(c.id) && c.name === name)?.id ?? null;
  },
  find_channels: (tx, [name]) =>
    openMeasurement(tx)
      .channels.filter((c) => c.name === name)
      .map((c) => c.id),
};

/** `motion.data.series.analog`: each channel's samples, in its unit, at its board's rate. */
export const ANALOG_SERIES_HANDLERS: ModuleHandlers = sampledSeriesHandlers('analog', (measurement) => {
  const rate = new Map(measurement.boards.map((b) => [b.id, b.rate]));
  return measurement.channels.map((c) => ({
    id: c.id,
    count: c.samples.length,
    rate: rate.get(c.boardId) ?? measurement.frameRate,
    sample: (i: number) => c.samples[i],
  }));
});
