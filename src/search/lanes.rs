//! Several tasks per thread, interleaved stage by stage.
//!
//! A node's expansion with a three-axis coset table probes its children in stages (see
//! [`Expansion`]): compute every child's table index for one probe and prefetch its line,
//! then read them all and keep the survivors.  A stage waits for one memory latency, and on
//! this machine (a KVM guest) a random line of a 7 GiB table takes 450–600 ns to arrive
//! while a batch of 16 independent lines costs about 50 ns per line: one search alone
//! leaves the memory system idle most of the time.  So each thread runs several
//! independent tasks, its *lanes*, round robin: every lane issues one stage's prefetches
//! and yields, and by the time its turn comes again the other lanes' work has covered the
//! latency.  The lanes share nothing but the task queue, and every lane walks its task in
//! the same order as a single search would, so what is found is the same; only the order
//! in which tasks finish changes.

use super::canonical::Turns;
use super::children::{filter_live, solved_child};
use super::isa::dispatch_walk;
use super::tasks::{NearMisses, Task, NEAR_BUDGETS};
use super::walk::{Descent, Node, Stack, Survivors};
use super::worker::Shared;
use super::MAX_CHILDREN;
use crate::cube::{Cube, ALL_MOVES};
use crate::tables::packed;
use crate::tables::prefetch as prefetch_line;
use crate::tables::probe::{AxisCoords, AxisTable, ALL_MOVE_BITS};
use std::sync::atomic::{AtomicUsize, Ordering::Relaxed};
use web_time::Instant;

/// The scratch of one three-axis expansion in progress, between its probe stages: the
/// tracked inverse's axes 0, then 1 and 2; the children as positions, axis 0, then 1 and 2.
/// On a 17-move position the first stage prunes 59 % of the children, each later one
/// 1–14 %, so most children cost one line.
pub(super) struct Expansion<C: AxisCoords> {
    /// The node as a position (its children's forward states are made from it).
    forward: Cube,
    budget: u8,
    /// How many children are still live (`live[..m]`).
    m: usize,
    live: [u8; MAX_CHILDREN],
    parts: [C::Parts; MAX_CHILDREN],
    idx: [[u64; 3]; MAX_CHILDREN],
    /// Per child: which inverse-side axes keep the node's value (bit per axis).
    inherit: [u8; MAX_CHILDREN],
    values: [[u8; 3]; MAX_CHILDREN],
    inverse_tight: [u8; MAX_CHILDREN],
    forward_values: [[u8; 3]; MAX_CHILDREN],
    forward_tight: [u8; MAX_CHILDREN],
    /// The edge-slices table's indices (tracked inverse, position), when it takes part:
    /// computed and prefetched with the position's first axis, read at the end.
    edge_idx: [[u64; 2]; MAX_CHILDREN],
    /// The side table's indices (tracked inverse, position; three axes each), when it
    /// takes part: computed and prefetched with the position's axes 1 and 2, read last.
    side_idx: [[[u64; 3]; 2]; MAX_CHILDREN],
    /// Which children the side table is read for (bit per child; [`AxisTable::reads_side`]).
    side_read: u32,
}

/// Nothing carries over on the forward side.
const INHERIT_NONE: [u8; MAX_CHILDREN] = [0; MAX_CHILDREN];

impl<C: AxisCoords> Expansion<C> {
    pub(super) const fn new() -> Self {
        Expansion {
            forward: Cube::SOLVED,
            budget: 0,
            m: 0,
            live: [0; MAX_CHILDREN],
            parts: [C::NO_PARTS; MAX_CHILDREN],
            idx: [[0; 3]; MAX_CHILDREN],
            inherit: [0; MAX_CHILDREN],
            values: [[0; 3]; MAX_CHILDREN],
            inverse_tight: [0; MAX_CHILDREN],
            forward_values: [[0; 3]; MAX_CHILDREN],
            forward_tight: [0; MAX_CHILDREN],
            edge_idx: [[0; 2]; MAX_CHILDREN],
            side_idx: [[[0; 3]; 2]; MAX_CHILDREN],
            side_read: 0,
        }
    }

    /// Stage 0: generate the children of `node` (its `budget` is at least 1) into `out`,
    /// compute their inverse-side index on axis 0 and prefetch it.  Returns how many
    /// children there are.
    #[inline(always)]
    pub(super) fn begin(&mut self, c: &AxisTable<C>, out: &mut Survivors, node: &Node) -> usize {
        out.switch = 0;
        out.next = 0;
        self.forward = node.forward;
        self.budget = node.budget;
        let mut allowed = node.allowed;
        let mut n = 0;
        while allowed != 0 {
            let mi = allowed.trailing_zeros() as usize;
            allowed &= allowed - 1;
            let child = node.state.premove(ALL_MOVES[mi].inverse());
            self.inherit[n] = c.coords.inherited(mi);
            self.values[n] = node.values;
            self.inverse_tight[n] = 0;
            self.forward_values[n] = [0; 3];
            self.forward_tight[n] = 0;
            self.parts[n] = c.coords.parts(&child);
            if self.inherit[n] & 1 == 0 {
                self.idx[n][0] = c.coords.axis_index(&child, &self.parts[n], 0);
            }
            out.children[n] = child;
            out.moves[n] = mi as u8;
            self.live[n] = n as u8;
            n += 1;
        }
        self.m = n;
        // The prefetches back to back, after every index is known: a prefetch that misses
        // the TLB holds up retirement until its page walk ends, so the fewer instructions
        // between them, the more walks and line fills run at once.
        for i in 0..n {
            if self.inherit[i] & 1 == 0 {
                prefetch_line(c.payload, packed::line_offset(self.idx[i][0]));
            }
        }
        n
    }

    /// Stage 1: keep the children within budget on the inverse's axis 0; prefetch the
    /// survivors' axes 1 and 2.  Returns whether anything was prefetched.
    #[inline(always)]
    pub(super) fn inverse_axis0(&mut self, c: &AxisTable<C>, out: &Survivors) -> bool {
        self.m = filter_live(
            c,
            &mut self.live,
            self.m,
            &self.idx,
            &self.inherit,
            &mut self.values,
            &mut self.inverse_tight,
            0,
            self.budget,
        );
        let mut issued = false;
        for &i in &self.live[..self.m] {
            let i = i as usize;
            let x = &out.children[i];
            for a in 1..3 {
                if self.inherit[i] >> a & 1 == 0 {
                    self.idx[i][a] = c.coords.axis_index(x, &self.parts[i], a);
                    issued = true;
                }
            }
        }
        for &i in &self.live[..self.m] {
            let i = i as usize;
            for a in 1..3 {
                if self.inherit[i] >> a & 1 == 0 {
                    prefetch_line(c.payload, packed::line_offset(self.idx[i][a]));
                }
            }
        }
        issued
    }

    /// Stage 2: keep the children within budget on the inverse's axes 1 and 2; make the
    /// survivors' positions and prefetch their axis 0.  Returns whether any survive.
    #[inline(always)]
    pub(super) fn inverse_axes12(&mut self, c: &AxisTable<C>, out: &mut Survivors) -> bool {
        for a in 1..3 {
            self.m = filter_live(
                c,
                &mut self.live,
                self.m,
                &self.idx,
                &self.inherit,
                &mut self.values,
                &mut self.inverse_tight,
                a,
                self.budget,
            );
        }
        for &i in &self.live[..self.m] {
            let i = i as usize;
            let f = self.forward.apply_move(ALL_MOVES[out.moves[i] as usize]);
            out.forwards[i] = f;
            self.parts[i] = c.coords.parts(&f);
            self.idx[i][0] = c.coords.axis_index(&f, &self.parts[i], 0);
        }
        for &i in &self.live[..self.m] {
            prefetch_line(c.payload, packed::line_offset(self.idx[i as usize][0]));
        }
        if let Some(e) = c.edge_slices {
            // The small table's lines are evicted by the large one's: asked for now,
            // read at the end.
            for &i in &self.live[..self.m] {
                let i = i as usize;
                let forward = match C::edge_masks(&self.parts[i]) {
                    Some(masks) => e.coords.index_of(masks),
                    None => e.coords.index(&out.forwards[i]),
                };
                self.edge_idx[i] = [e.coords.index(&out.children[i]), forward];
                e.prefetch(self.edge_idx[i][0]);
                e.prefetch(self.edge_idx[i][1]);
            }
        }
        self.m > 0
    }

    /// Stage 3: keep the children within budget on the position's axis 0; prefetch the
    /// survivors' axes 1 and 2.  Returns whether any survive.
    #[inline(always)]
    pub(super) fn forward_axis0(&mut self, c: &AxisTable<C>, out: &Survivors) -> bool {
        self.m = filter_live(
            c,
            &mut self.live,
            self.m,
            &self.idx,
            &INHERIT_NONE,
            &mut self.forward_values,
            &mut self.forward_tight,
            0,
            self.budget,
        );
        for &i in &self.live[..self.m] {
            let i = i as usize;
            let x = &out.forwards[i];
            for a in 1..3 {
                self.idx[i][a] = c.coords.axis_index(x, &self.parts[i], a);
            }
        }
        for &i in &self.live[..self.m] {
            let i = i as usize;
            prefetch_line(c.payload, packed::line_offset(self.idx[i][1]));
            prefetch_line(c.payload, packed::line_offset(self.idx[i][2]));
        }
        self.side_read = 0;
        if c.has_side() {
            for &i in &self.live[..self.m] {
                let i = i as usize;
                let known = self.values[i]
                    .into_iter()
                    .fold(self.forward_values[i][0], u8::max);
                if c.reads_side(self.budget, known) {
                    self.side_read |= 1 << i;
                    self.side_idx[i] = [
                        c.side_indices(&out.children[i]),
                        c.side_indices(&out.forwards[i]),
                    ];
                }
            }
        }
        self.m > 0
    }

    /// Stage 4: keep the children within budget on the position's axes 1 and 2, and
    /// compact the survivors in move order, each continuing on the side where its tight
    /// bounds rule out more moves.  A side with every move ruled out has no solution of
    /// this length at all.
    #[inline(always)]
    pub(super) fn finish(&mut self, c: &AxisTable<C>, out: &mut Survivors) {
        for a in 1..3 {
            self.m = filter_live(
                c,
                &mut self.live,
                self.m,
                &self.idx,
                &INHERIT_NONE,
                &mut self.forward_values,
                &mut self.forward_tight,
                a,
                self.budget,
            );
        }
        let mut j = 0;
        for &i in &self.live[..self.m] {
            let i = i as usize;
            if self.edge_slices_prune(c, i) || self.side_prune(c, i) {
                continue;
            }
            let inverse = c.coords.excluded(self.inverse_tight[i]);
            let position = c.coords.excluded(self.forward_tight[i]);
            if inverse == ALL_MOVE_BITS || position == ALL_MOVE_BITS {
                continue;
            }
            out.children[j] = out.children[i];
            out.forwards[j] = out.forwards[i];
            out.moves[j] = out.moves[i];
            out.axis_values[j] = [self.values[i], self.forward_values[i]];
            if position.count_ones() > inverse.count_ones() {
                out.switch |= 1 << j;
                out.excluded[j] = position;
            } else {
                out.excluded[j] = inverse;
            }
            j += 1;
        }
        out.len = j as u8;
    }

    /// Whether the edge-slices table rules child `i` out, on the tracked inverse or on the
    /// position (its lines asked for in [`Expansion::inverse_axes12`]).
    #[inline(always)]
    fn edge_slices_prune(&self, c: &AxisTable<C>, i: usize) -> bool {
        let Some(e) = c.edge_slices else {
            return false;
        };
        let [inverse, forward] = self.edge_idx[i];
        e.at(inverse) > self.budget || e.at(forward) > self.budget
    }

    /// Whether the side table rules child `i` out, on either side (its lines asked for in
    /// [`Expansion::forward_axis0`]).
    #[inline(always)]
    fn side_prune(&self, c: &AxisTable<C>, i: usize) -> bool {
        if self.side_read >> i & 1 == 0 {
            return false;
        }
        let [inverse, forward] = &self.side_idx[i];
        c.side_exceeds(inverse, self.budget) || c.side_exceeds(forward, self.budget)
    }

    /// All the stages in a row (for a search that does not interleave).
    #[inline(always)]
    pub(super) fn run(&mut self, c: &AxisTable<C>, out: &mut Survivors, node: &Node) -> usize {
        let n = self.begin(c, out, node);
        self.inverse_axis0(c, out);
        self.inverse_axes12(c, out);
        self.forward_axis0(c, out);
        self.finish(c, out);
        n
    }
}

/// Where a lane stands.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Stage {
    /// No task.
    Idle,
    /// Waiting for the lines of the expansion stage named.
    InverseAxis0,
    InverseAxes12,
    ForwardAxis0,
    ForwardAxes12,
    /// The expansion is complete: take the next step of the walk.
    Walk,
}

/// What a lane's step ended with.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Progress {
    /// Prefetches are in flight: come back later.
    Waiting,
    /// The task is done without a solution; the lane is idle.
    Finished,
    /// The task's walk holds a solution of `.0` moves after its prefix.
    Found(usize),
}

/// One task's depth-first search, advanced a stage at a time.
struct Lane<C: AxisCoords> {
    task: usize,
    /// The nodes this lane generated in this run, over all its tasks.
    nodes: u64,
    /// `nodes` when the current task began.
    task_start: u64,
    /// The current task's expansions at the budgets close to a solution.
    near: NearMisses,
    stage: Stage,
    walk: Stack,
    x: Expansion<C>,
}

impl<C: AxisCoords> Lane<C> {
    fn new() -> Self {
        Lane {
            task: 0,
            nodes: 0,
            task_start: 0,
            near: [0; NEAR_BUDGETS],
            stage: Stage::Idle,
            walk: Stack::new(),
            x: Expansion::new(),
        }
    }

    /// Start task `i` (within budget), whose state is `state`, at `bound` and run it to
    /// its first wait.
    fn start(
        &mut self,
        c: &AxisTable<C>,
        i: usize,
        (task, state): (&Task, &Cube),
        bound: usize,
        turns: Turns,
    ) -> Progress {
        self.task = i;
        self.task_start = self.nodes;
        self.near = [0; NEAR_BUDGETS];
        let remaining = bound - task.cost as usize;
        if remaining == 0 {
            self.stage = Stage::Idle;
            return if state.is_solved() {
                Progress::Found(0)
            } else {
                Progress::Finished
            };
        }
        let last = turns.after_prefix(&task.prefix);
        let root = self.walk.root(state, remaining, turns, last);
        let values = task.axis_values;
        // The tight-axis rule at the task's root, as the walk applies it to every child.
        let tight = (0..3).fold(0u8, |t, a| {
            t | (((values[a] as usize == remaining) as u8) << a)
        });
        let root = Node {
            values,
            allowed: root.allowed & !c.coords.excluded(tight),
            ..root
        };
        self.expand(c, &root);
        if self.stage == Stage::Walk {
            self.step(c)
        } else {
            Progress::Waiting
        }
    }

    /// The nodes generated below the current task so far.
    fn task_nodes(&self) -> u64 {
        self.nodes - self.task_start
    }

    /// Begin expanding `node` into the top frame of the walk.
    #[inline(always)]
    fn expand(&mut self, c: &AxisTable<C>, node: &Node) {
        if let Some(n) = self.near.get_mut(node.budget as usize) {
            *n = n.saturating_add(1);
        }
        let out = self.walk.top();
        let made = if node.budget == 0 {
            self.stage = Stage::Walk;
            solved_child(out, &node.state, node.allowed)
        } else {
            self.stage = Stage::InverseAxis0;
            self.x.begin(c, out, node) as u64
        };
        self.nodes += made;
    }

    /// Run until the lane waits on prefetched lines, finishes its task or finds a
    /// solution.
    #[inline(always)]
    fn step(&mut self, c: &AxisTable<C>) -> Progress {
        loop {
            match self.stage {
                Stage::Idle => return Progress::Finished,
                Stage::InverseAxis0 => {
                    self.stage = Stage::InverseAxes12;
                    if self.x.inverse_axis0(c, self.walk.top()) {
                        return Progress::Waiting;
                    }
                }
                Stage::InverseAxes12 => {
                    self.stage = Stage::ForwardAxis0;
                    if self.x.inverse_axes12(c, self.walk.top()) {
                        return Progress::Waiting;
                    }
                }
                Stage::ForwardAxis0 => {
                    self.stage = Stage::ForwardAxes12;
                    if self.x.forward_axis0(c, self.walk.top()) {
                        return Progress::Waiting;
                    }
                }
                Stage::ForwardAxes12 => {
                    self.x.finish(c, self.walk.top());
                    self.stage = Stage::Walk;
                }
                Stage::Walk => match self.walk.next() {
                    Descent::Exhausted => {
                        self.stage = Stage::Idle;
                        return Progress::Finished;
                    }
                    Descent::Solved(len) => {
                        // The walk can go on from here (all-solutions mode).
                        self.stage = Stage::Walk;
                        return Progress::Found(len);
                    }
                    Descent::Expand(node) => {
                        self.expand(c, &node);
                        if self.stage != Stage::Walk {
                            return Progress::Waiting;
                        }
                    }
                },
            }
        }
    }
}

dispatch_walk! {
    /// One thread's share of the IDA* iteration at `bound`, in the code for `isa`: take
    /// tasks in `order` (indices into `tasks`; `next_task`, the place in it, is shared by
    /// the threads) and run up to `lanes` of them at once.
    /// Stops at the first solution (stored in `shared`, which also receives the node count
    /// and busy time) or when `shared` says so.
    free fn run_tasks / run_tasks_wide / run_tasks_body
        <C: AxisCoords>(c: &AxisTable<C>, work: Share<'_>, shared: &Shared) -> ()
}

/// A thread's share of an iteration's tasks ([`run_tasks`]).
pub(super) struct Share<'a> {
    pub tasks: &'a [Task],
    pub order: &'a [u32],
    pub next_task: &'a AtomicUsize,
    pub bound: usize,
    pub lanes: usize,
}

/// [`run_tasks`]'s loop, inlined into each instruction set's copy.
#[inline(always)]
fn run_tasks_body<C: AxisCoords>(c: &AxisTable<C>, work: Share<'_>, shared: &Shared) {
    let Share {
        tasks,
        order,
        next_task,
        bound,
        lanes,
    } = work;
    let started = Instant::now();
    let turns = Turns::of(shared.rules).expect("a staged walk's move rules");
    let mut lanes: Vec<Lane<C>> = (0..lanes.max(1)).map(|_| Lane::new()).collect();
    let mut next_check = 4096;
    // Of the lanes' nodes, those already counted in `shared.nodes` (at each check, so
    // that a pause for the upper-bound source sees them).
    let mut counted = 0;
    let mut queue_empty = false;
    'rounds: loop {
        let mut active = false;
        for lane in lanes.iter_mut() {
            let mut progress = if lane.stage == Stage::Idle {
                Progress::Finished
            } else {
                let p = lane.step(c);
                if p == Progress::Finished {
                    // Its task was searched to the end.
                    shared.finish(lane.task, lane.task_nodes(), &lane.near);
                }
                p
            };
            loop {
                // A solution ends the search, or (looking for all) is kept and the walk
                // goes on.
                while let Progress::Found(len) = progress {
                    let sol = lane.walk.solution(&tasks[lane.task].prefix, len);
                    if let Some(sol) = shared.keep(sol) {
                        let mut slot = shared.solution.lock().unwrap();
                        if slot.is_none() {
                            *slot = Some(sol);
                        }
                        shared.stop.store(true, Relaxed);
                        break 'rounds;
                    }
                    if shared.stop.load(Relaxed) {
                        break 'rounds;
                    }
                    progress = lane.step(c);
                    if progress == Progress::Finished {
                        shared.finish(lane.task, lane.task_nodes(), &lane.near);
                    }
                }
                if progress != Progress::Finished || queue_empty {
                    break;
                }
                // A finished lane takes the next task that is not pruned at its root (nor
                // finished by an earlier run this one resumes).
                let Some(&i) = order.get(next_task.fetch_add(1, Relaxed)) else {
                    queue_empty = true;
                    break;
                };
                let i = i as usize;
                let task = &tasks[i];
                if task.value as usize + task.cost as usize > bound || shared.is_finished(i) {
                    continue;
                }
                let state = task.state(&shared.start);
                progress = lane.start(c, i, (task, &state), bound, turns);
                if progress == Progress::Finished {
                    shared.finish(i, lane.task_nodes(), &lane.near);
                }
            }
            active |= progress == Progress::Waiting;
        }
        if !active {
            break;
        }
        let nodes = generated(&lanes);
        if nodes >= next_check {
            next_check = nodes + 4096;
            shared.nodes.fetch_add(nodes - counted, Relaxed);
            counted = nodes;
            if shared.should_stop() {
                break;
            }
        }
    }
    shared.nodes.fetch_add(generated(&lanes) - counted, Relaxed);
    shared
        .busy_nanos
        .fetch_add(started.elapsed().as_nanos() as u64, Relaxed);
}

/// The nodes a thread's lanes generated in this run.
fn generated<C: AxisCoords>(lanes: &[Lane<C>]) -> u64 {
    lanes.iter().map(|l| l.nodes).sum()
}
