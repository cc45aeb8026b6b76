//! Dependency (CR 613.8): within a layer or sublayer, an effect that depends on another waits
//! until every effect it depends on has been applied (613.8b); the effects of a dependency loop
//! are applied in timestamp order (613.8b); and which effects depend on which is decided again
//! after each effect is applied (613.8c). Otherwise timestamp order (613.7).
//!
//! This module only orders; whether one effect depends on another (613.8a: applying the other
//! would change its existence, what it applies to, or what it does to them) is the caller's
//! question, asked of the board as the effects applied so far have left it.

/// Which of `remaining` (indices into the caller's effects, sorted by timestamp, earliest first)
/// applies next. `depends(a, b)`: effect `a` depends on effect `b` now. `None` only if
/// `remaining` is empty.
pub fn next(remaining: &[usize], mut depends: impl FnMut(usize, usize) -> bool) -> Option<usize> {
    let n = remaining.len();
    if n <= 1 {
        return remaining.first().copied();
    }
    // edge[i][j]: remaining[i] depends on remaining[j], asked only when needed (each question
    // recomputes characteristics): with no dependency among them, the usual board, the first
    // effect settles it in n - 1 questions instead of n².
    // One allocation, row-major (i * n + j): this runs for every pick of every layer.
    let mut edge: Vec<Option<bool>> = vec![None; n * n];
    let mut ask = |edge: &mut Vec<Option<bool>>, i: usize, j: usize| -> bool {
        if i == j {
            return false;
        }
        *edge[i * n + j].get_or_insert_with(|| depends(remaining[i], remaining[j]))
    };
    // The earliest effect that depends on nothing still to be applied (CR 613.8b).
    if let Some(i) = (0..n).find(|&i| !(0..n).any(|j| ask(&mut edge, i, j))) {
        return Some(remaining[i]);
    }
    // Every effect left waits for another: some form loops. The earliest effect in a loop goes
    // first (an effect waiting on a loop without being in it still waits).
    let full: Vec<Vec<bool>> = (0..n).map(|i| (0..n).map(|j| ask(&mut edge, i, j)).collect()).collect();
    let reach = closure(&full);
    (0..n)
        .find(|&i| reach[i][i])
        .or(Some(0))
        .map(|i| remaining[i])
}

/// The transitive closure of a relation given as a matrix (Warshall).
fn closure(edge: &[Vec<bool>]) -> Vec<Vec<bool>> {
    let n = edge.len();
    let mut r = edge.to_vec();
    for k in 0..n {
        let via = r[k].clone();
        for row in r.iter_mut() {
            if row[k] {
                for (cell, &v) in row.iter_mut().zip(&via) {
                    *cell |= v;
                }
            }
        }
    }
    r
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The whole order, with a fixed dependency relation.
    fn order(n: usize, deps: &[(usize, usize)]) -> Vec<usize> {
        let mut remaining: Vec<usize> = (0..n).collect();
        let mut out = Vec::new();
        while let Some(i) = next(&remaining, |a, b| deps.contains(&(a, b))) {
            out.push(i);
            remaining.retain(|&x| x != i);
        }
        out
    }

    #[test]
    fn without_dependencies_timestamp_order() {
        assert_eq!(order(3, &[]), vec![0, 1, 2]);
    }

    #[test]
    fn a_dependent_effect_waits_for_what_it_depends_on() {
        // 0 depends on 2: 1, 2, then 0 (CR 613.8b).
        assert_eq!(order(3, &[(0, 2)]), vec![1, 2, 0]);
        // A chain: 0 on 1, 1 on 2.
        assert_eq!(order(3, &[(0, 1), (1, 2)]), vec![2, 1, 0]);
    }

    #[test]
    fn without_dependencies_the_first_effect_is_settled_by_n_minus_one_questions() {
        // Each question recomputes characteristics (`layers::depends`): the usual board, with
        // no dependency, must not pay for the whole matrix.
        let mut asked = 0;
        let pick = next(&[0, 1, 2, 3, 4], |_, _| {
            asked += 1;
            false
        });
        assert_eq!((pick, asked), (Some(0), 4));
        // A dependency of the earliest effect: the next one is asked about too, and goes first.
        let mut asked = 0;
        let pick = next(&[0, 1, 2], |a, b| {
            asked += 1;
            (a, b) == (0, 2)
        });
        assert_eq!((pick, asked), (Some(1), 2 + 2));
    }

    #[test]
    fn a_loop_is_applied_in_timestamp_order_and_what_waits_on_it_after() {
        // 1 and 2 depend on each other; 0 depends on 2 but is not in the loop.
        assert_eq!(order(3, &[(1, 2), (2, 1), (0, 2)]), vec![1, 2, 0]);
        assert_eq!(order(2, &[(0, 1), (1, 0)]), vec![0, 1]);
    }
}
