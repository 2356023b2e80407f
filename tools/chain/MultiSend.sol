// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

interface IERC20 {
    function transferFrom(address from, address to, uint256 value) external returns (bool);
}

/// A batch payout in one transaction, as exchanges and payroll contracts send them: the tests use
/// it to pay one custody wallet twice in one transaction (two Transfer logs, one receipt), and to
/// send ETH to custody addresses from inside a contract (internal transfers, seen only in traces).
/// Compiled by compile-test-token.mjs; the bytecode is committed.
contract MultiSend {
    function send(IERC20 token, address[] calldata to, uint256[] calldata values) external {
        require(to.length == values.length, "lengths");
        for (uint256 i = 0; i < to.length; i++) {
            require(token.transferFrom(msg.sender, to[i], values[i]), "transfer");
        }
    }

    /// Pays each `to` its value of the ETH sent along. With `failLast`, the last payment is made
    /// in a call that reverts afterwards: it moves nothing, and the transaction still succeeds.
    function sendEth(address payable[] calldata to, uint256[] calldata values, bool failLast) external payable {
        require(to.length == values.length, "lengths");
        for (uint256 i = 0; i < to.length; i++) {
            if (failLast && i == to.length - 1) {
                try this.payThenRevert(to[i], values[i]) {} catch {}
            } else {
                (bool ok, ) = to[i].call{value: values[i]}("");
                require(ok, "payment");
            }
        }
    }

    function payThenRevert(address payable to, uint256 value) external {
        require(msg.sender == address(this), "self");
        (bool ok, ) = to.call{value: value}("");
        require(ok, "payment");
        revert("undone");
    }
}
