/* The heap budget of alloc_budget.c: the allocator fails any request that would take the live heap
** bytes past the budget (-1 = unlimited). */
#ifndef CALGRID_TEST_ALLOC_BUDGET_H
#define CALGRID_TEST_ALLOC_BUDGET_H
void alloc_budget_set(long long bytes);
long long alloc_budget_live(void);
long long alloc_budget_peak(void);
void alloc_budget_reset_peak(void);
long long alloc_budget_failures(void);
long long alloc_budget_calls(void);
#endif
