import { helpOperation, param, returns, type ModuleSpec } from './operation-spec';
import { SELECTION_ITEM, SELECTION_TYPE } from './type-strings';

const PATH = 'motion.gui.selection';
const type = param('type', `${SELECTION_TYPE}?`, '"trajectory", "bone", or null for all types.');
const items = (what: string) => param('selections', `[${SELECTION_ITEM}]`, what);

export const SELECTION: ModuleSpec = {
  path: PATH,
  brief: 'Read and change the selection of objects in the application.',
  details:
    'A selection item is {"type": "trajectory" | "bone", "id": integer, "part_index": integer or null}. Trajectory ' +
    'identifiers come from motion.data.object.trajectory.find_trajectory (by label), bone identifiers from ' +
    'motion.data.object.bone. For a trajectory, part_index selects one part (gap-free piece); null selects the whole ' +
    'trajectory, all its parts. For a bone, part_index must be null (it may be left out). Trajectories and bones ' +
    'cannot be selected at the same time: selecting items of the other type replaces the current selection. The ' +
    'selection keeps insertion order.',
  operations: [
    {
      name: 'clear_selections',
      brief: 'Removes the selections of a type, or all selections.',
      details: 'With null (or no argument), the selection becomes empty.',
      parameters: [type],
      returns: null,
      effect: 'write',
    },
    {
      name: 'is_selected',
      brief: 'Tells whether an object is currently selected.',
      details: 'A trajectory part counts as selected when the whole trajectory (part_index null) is selected.',
      parameters: [param('selection', SELECTION_ITEM, 'The object to look for.')],
      returns: returns('bool', 'true if the object is selected.'),
      effect: 'read',
    },
    {
      name: 'get_selection_count',
      brief: 'Counts the selections of a type, or all selections.',
      details: '',
      parameters: [type],
      returns: returns('integer', 'Number of selected items.'),
      effect: 'read',
    },
    {
      name: 'get_selections',
      brief: 'Returns the selections of a type, or all selections.',
      details: 'Each item has the keys type, id and part_index, in selection order.',
      parameters: [type],
      returns: returns(`[${SELECTION_ITEM}]`, 'The selected items.'),
      effect: 'read',
    },
    {
      name: 'set_selections',
      brief: 'Replaces the whole selection.',
      details: 'All items must have the same type. Duplicates are selected once. An empty list clears the selection.',
      parameters: [items('The new selection.')],
      returns: null,
      effect: 'write',
    },
    {
      name: 'select',
      brief: 'Adds objects to the selection.',
      details:
        'Items already selected stay where they are. Items of a type other than the current selection replace it. ' +
        'Unknown identifiers are not_found errors; a part index beyond the parts of the trajectory is out_of_range.',
      parameters: [items('The objects to add, all of one type.')],
      returns: null,
      effect: 'write',
    },
    {
      name: 'deselect',
      brief: 'Removes objects from the selection.',
      details: 'Items that are not selected are ignored.',
      parameters: [items('The objects to remove.')],
      returns: null,
      effect: 'write',
    },
    helpOperation(PATH),
  ],
};
